using AsyncCapacity.Lab.Waits;

namespace AsyncCapacity.Tests.Waits;

/// <summary>Frames as TraceEvent resolves them (seen in snapshots of the app) read as the methods a person wrote.</summary>
public sealed class MethodNameTests
{
    [Theory]
    [InlineData("AsyncCapacity.Web.Experiments.AuditEndpoints+<Bounded>d__2.MoveNext",
        "AsyncCapacity.Web.Experiments.AuditEndpoints.Bounded")]
    [InlineData("AsyncCapacity.Web.Experiments.SleepEndpoints+<>c.<Map>b__2_0", "AsyncCapacity.Web.Experiments.SleepEndpoints.Map")]
    [InlineData("AsyncCapacity.Web.Experiments.SleepEndpoints+<>c__DisplayClass3_0.<Sync>b__0",
        "AsyncCapacity.Web.Experiments.SleepEndpoints.Sync")]
    [InlineData("AsyncCapacity.Web.Experiments.SleepEndpoints.<Sync>g__Wait|3_0", "AsyncCapacity.Web.Experiments.SleepEndpoints.Sync")]
    [InlineData("Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpProtocol+<ProcessRequests>d__237`1[System.__Canon].MoveNext",
        "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpProtocol.ProcessRequests")]
    [InlineData("System.Collections.Generic.Dictionary`2[System.__Canon,System.Int32].TryGetValue",
        "System.Collections.Generic.Dictionary.TryGetValue")]
    [InlineData("System.Runtime.CompilerServices.AsyncTaskMethodBuilder`1[System.Int32].Start",
        "System.Runtime.CompilerServices.AsyncTaskMethodBuilder.Start")]
    [InlineData("System.Threading.PortableThreadPool+WorkerThread.WorkerDoWork",
        "System.Threading.PortableThreadPool+WorkerThread.WorkerDoWork")]
    [InlineData("System.Threading.Thread.Sleep", "System.Threading.Thread.Sleep")]
    [InlineData("System.Threading.Thread..ctor", "System.Threading.Thread..ctor")]
    [InlineData("Program+<<Main>$>d__0.MoveNext", "Program.<Main>$")]
    [InlineData("dynamicClass.lambda_method3", "dynamicClass.lambda_method3")]
    public void Compiler_generated_code_reads_as_the_method_it_came_from(string frame, string expected) =>
        Assert.Equal(expected, MethodName.Full(frame));

    [Theory]
    [InlineData("System.Threading.Thread.Sleep", "Thread.Sleep")]
    [InlineData("AsyncCapacity.Web.Experiments.AuditEndpoints.Bounded", "AuditEndpoints.Bounded")]
    [InlineData("System.Threading.PortableThreadPool+WorkerThread.WorkerDoWork", "PortableThreadPool+WorkerThread.WorkerDoWork")]
    [InlineData("System.Threading.Thread..ctor", "Thread..ctor")]
    [InlineData("Program.<Main>$", "Program.<Main>$")]
    public void The_short_name_is_the_type_and_the_method(string fullName, string expected) =>
        Assert.Equal(expected, MethodName.TypeAndMethod(fullName));
}
