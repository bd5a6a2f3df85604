using System.CommandLine;
using System.CommandLine.Parsing;
using AsyncCapacity.Lab.Results;
using static AsyncCapacity.Cli.Options.OptionValues;

namespace AsyncCapacity.Cli.Options;

internal sealed class ThreadOptionGroup : IOptionGroup
{
    /// <summary>Classic ASP.NET ran about 12 requests per core at once; on the 2-core box this lab targets, about 20.</summary>
    public const int RequestQueueDefaultConcurrency = 20;

    public Option<int?> MinThreads { get; } = new("--min-threads")
    {
        Description = "Thread-pool minimum worker threads for the app the sweep starts (the band-aid knob); for --app through a "
            + "startup hook (DOTNET_STARTUP_HOOKS calling ThreadPool.SetMinThreads), no file of yours touched "
            + "[default: the runtime's, one per core].",
        Validators = { result => RequireRange(result, "--min-threads", 0, short.MaxValue) },
    };

    public Option<int?> QueueLimit { get; } = new("--request-queue-limit")
    {
        Description = "Turns the app's request queue on: up to this many requests wait for a place, the rest get 503 Server Too Busy "
            + "with Retry-After (the classic default was 5000) [default: off].",
        Validators = { result => RequireRange(result, "--request-queue-limit", 0, 1_000_000) },
    };

    public Option<int?> QueueConcurrency { get; } = new("--request-queue-concurrency")
    {
        Description = $"With --request-queue-limit: requests served at once [default: {RequestQueueDefaultConcurrency}].",
        Validators = { result => RequireRange(result, "--request-queue-concurrency", 1, 100_000) },
    };

    public bool QueueGiven(CommandResult result) => Valid(result, QueueLimit) is not null || Valid(result, QueueConcurrency) is not null;

    public void AddTo(Command command, SweepOptionGroups all)
    {
        command.Options.Add(MinThreads);
        command.Options.Add(QueueLimit);
        command.Options.Add(QueueConcurrency);
        command.Validators.Add(result =>
        {
            var external = all.App.External(result);
            if (external && Valid(result, MinThreads) is not null)
            {
                result.AddError("--min-threads configures the app the sweep starts; "
                    + "with --target, set ThreadPool__MinWorkerThreads on your app instead.");
            }

            if (external && QueueGiven(result))
            {
                result.AddError("The --request-queue-* options configure the app the sweep starts; "
                    + "with --target, set RequestQueue__MaxConcurrent and RequestQueue__Limit on your app instead.");
            }

            if (Valid(result, QueueConcurrency) is not null && Valid(result, QueueLimit) is null)
            {
                result.AddError("--request-queue-concurrency needs --request-queue-limit, which turns the queue on.");
            }
        });
    }

    public SweepRequest Apply(ParseResult parse, SweepRequest request, SweepOptionGroups all) => request with
    {
        MinWorkerThreads = parse.GetValue(MinThreads),
        RequestQueue = parse.GetValue(QueueLimit) is { } limit
            ? new RequestQueueSettings(parse.GetValue(QueueConcurrency) ?? RequestQueueDefaultConcurrency, limit)
            : null,
    };
}
