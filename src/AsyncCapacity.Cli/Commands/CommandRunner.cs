namespace AsyncCapacity.Cli.Commands;

/// <summary>Maps the outcome of a command to one clear message and an exit code.</summary>
internal static class CommandRunner
{
    public static async Task<int> RunAsync(Func<CancellationToken, Task> action, CancellationToken cancellationToken)
    {
        try
        {
            await action(cancellationToken);
            return ExitCodes.Ok;
        }
        catch (UsageException ex)
        {
            await Console.Error.WriteLineAsync($"error: {ex.Message}");
            return ExitCodes.BadArguments;
        }
        catch (CapacityFellException ex)
        {
            await Console.Error.WriteLineAsync($"capacity fell: {ex.Message}");
            return ExitCodes.CapacityFell;
        }
        catch (DocsDifferException ex)
        {
            await Console.Error.WriteLineAsync(ex.Message);
            return ExitCodes.DocsDiffer;
        }
        catch (Report.Docs.DocsException ex)
        {
            await Console.Error.WriteLineAsync($"error: {ex.Message}");
            return ExitCodes.DocsDiffer;
        }
        catch (HarnessException ex)
        {
            await Console.Error.WriteLineAsync($"error: {ex.Message}");
            return ExitCodes.HarnessFailure;
        }
        catch (InvalidDataException ex)
        {
            await Console.Error.WriteLineAsync($"error: {ex.Message}");
            return ExitCodes.BadArguments;
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            await Console.Error.WriteLineAsync("Interrupted: stopped everything this run started.");
            return ExitCodes.Interrupted;
        }
    }
}
