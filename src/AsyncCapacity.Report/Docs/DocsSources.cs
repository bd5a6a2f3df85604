using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Docs;

/// <summary>What a page's figures are read from. The caller reads the files; the rendering stays a pure step.</summary>
/// <param name="Run">The run at a full path, read once and modelled as `capacity report` models it (Predictions.Attach); throws
/// <see cref="DocsException"/> where there is none.</param>
/// <param name="Command">The command that recorded the run at a full path (commands.tsv beside it); null where none is on record.
/// </param>
/// <param name="Forecasts">A recorded `capacity forecast --check --record` at a full path; throws <see cref="DocsException"/>
/// where there is none.</param>
public sealed record DocsSources(Func<string, ResultsDocument> Run, Func<string, string?> Command, Func<string, ForecastChecks> Forecasts);

/// <summary>A figure, a block or a page that cannot be written from its runs: the message says which and why.</summary>
public sealed class DocsException(string message) : Exception(message);
