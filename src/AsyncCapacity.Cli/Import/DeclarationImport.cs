namespace AsyncCapacity.Cli.Import;

/// <summary>
/// `capacity experiments --from-openapi URL|FILE` and `--from-http FILE`: a draft declaration printed (or written with
/// --out, bodies that are not JSON beside it) for the user to pair and mark blocking.
/// </summary>
internal static class DeclarationImport
{
    public static async Task<int> RunAsync(
        string? openApi, string? httpFile, string? id, string? output, CancellationToken cancellationToken)
    {
        try
        {
            var source = openApi ?? httpFile!;
            var api = openApi is not null
                ? OpenApiDocument.Parse(await ReadAsync(openApi, cancellationToken))
                : new ImportedApi(HttpFile.Parse(await ReadAsync(httpFile!, cancellationToken)), []);
            if (api.Requests.Count == 0)
            {
                throw new ImportException("it names no request");
            }

            var draft = DraftDeclaration.From(api, id ?? IdFrom(source), Path.GetFileName(source));
            if (output is null)
            {
                if (draft.BodyFiles.Count > 0)
                {
                    throw new ImportException($"{draft.BodyFiles.Count} request bodies are not JSON: give --out FILE, and they are "
                        + "written beside the declaration as bodyFile");
                }

                Console.Out.Write(draft.Json);
                return 0;
            }

            var folder = Path.GetDirectoryName(Path.GetFullPath(output))!;
            Directory.CreateDirectory(folder);
            await File.WriteAllTextAsync(output, draft.Json, cancellationToken);
            foreach (var (file, content) in draft.BodyFiles)
            {
                await File.WriteAllTextAsync(Path.Combine(folder, file), content, cancellationToken);
            }

            var bodies = draft.BodyFiles.Count > 0 ? $", {draft.BodyFiles.Count} body files" : "";
            Console.Error.WriteLine($"wrote {output}: {api.Requests.Count} variants{bodies}; "
                + $"pair them, mark the blocking side, then: capacity experiments --experiment-file {output}");
            return 0;
        }
        catch (Exception ex) when (ex is ImportException or IOException or HttpRequestException or UnauthorizedAccessException)
        {
            Console.Error.WriteLine($"error: {openApi ?? httpFile}: {ex.Message}");
            return 1;
        }
    }

    private static async Task<string> ReadAsync(string source, CancellationToken cancellationToken)
    {
        if (Uri.TryCreate(source, UriKind.Absolute, out var uri) && uri.Scheme is "http" or "https")
        {
            using var client = new HttpClient { Timeout = TimeSpan.FromSeconds(30) };
            return await client.GetStringAsync(uri, cancellationToken);
        }

        return File.Exists(source) ? await File.ReadAllTextAsync(source, cancellationToken)
            : throw new ImportException("no such file");
    }

    /// <summary>"api.http" → "api", "https://host/openapi/v1.json" → "v1": the draft's id unless --new names one.</summary>
    private static string IdFrom(string source)
    {
        var name = Path.GetFileNameWithoutExtension(Uri.TryCreate(source, UriKind.Absolute, out var uri) ? uri.AbsolutePath : source);
        return HttpFile.Slug(name.Length > 0 ? name : "my-api");
    }
}
