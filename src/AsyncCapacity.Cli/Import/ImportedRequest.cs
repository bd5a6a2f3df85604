namespace AsyncCapacity.Cli.Import;

/// <summary>One request a client file or an API description names: the draft declaration's variant.</summary>
internal sealed record ImportedRequest(
    string Name,
    string Method,
    string Route,
    IReadOnlyList<KeyValuePair<string, string>> Headers,
    string? Body,
    string? ContentType);

/// <summary>A path parameter ({id} in /items/{id}) or a query parameter an API description declares, with a value to send.</summary>
internal sealed record ImportedParameter(string Name, bool WholeNumber, string Default, string Description, bool InPath);

internal sealed record ImportedApi(IReadOnlyList<ImportedRequest> Requests, IReadOnlyList<ImportedParameter> Parameters);

/// <summary>A file the importer cannot read as what it claims to be: one line for the user.</summary>
internal sealed class ImportException(string message) : Exception(message);
