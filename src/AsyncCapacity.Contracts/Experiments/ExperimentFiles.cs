namespace AsyncCapacity.Contracts.Experiments;

/// <summary>Checked exactly as the lab's own, and every problem of every file told at once.</summary>
public static class ExperimentFiles
{
    public static IReadOnlyList<Experiment> Load(IEnumerable<string> paths)
    {
        var experiments = new List<Experiment>();
        var problems = new List<string>();
        foreach (var file in paths.SelectMany(Expand))
        {
            if (file.Problem is { } missing)
            {
                problems.Add(missing);
                continue;
            }

            try
            {
                var experiment = ExperimentCatalog.Parse(File.ReadAllText(file.Path), Shown(file.Path)) with { Source = file.Path };
                if (ExperimentCatalog.Find(experiment.Id) is not null)
                {
                    problems.Add($"{Shown(file.Path)}: $.id: expected an id the lab does not declare itself "
                        + $"({string.Join(", ", ExperimentCatalog.All.Select(e => e.Id))}); got \"{experiment.Id}\"");
                }
                else if (experiments.FirstOrDefault(e => e.Id == experiment.Id) is { } first)
                {
                    problems.Add($"{Shown(file.Path)}: $.id: expected an id of its own; "
                        + $"got \"{experiment.Id}\", as {Shown(first.Source!)} has");
                }
                else if (MissingBodyFiles(experiment, file.Path).ToList() is { Count: > 0 } noFiles)
                {
                    problems.AddRange(noFiles);
                }
                else
                {
                    experiments.Add(experiment);
                }
            }
            catch (InvalidDataException ex)
            {
                problems.Add(ex.Message);
            }
            catch (IOException ex)
            {
                problems.Add($"{Shown(file.Path)}: cannot be read ({ex.Message})");
            }
        }

        return problems.Count == 0 ? experiments : throw new InvalidDataException(string.Join(Environment.NewLine, problems));
    }

    private static IEnumerable<(string Path, string? Problem)> Expand(string path)
    {
        var full = Path.GetFullPath(path);
        if (Directory.Exists(full))
        {
            var files = Directory.GetFiles(full, "*.json")
                .Where(f => !f.EndsWith(".schema.json", StringComparison.Ordinal))
                .Order(StringComparer.Ordinal)
                .ToList();
            return files.Count > 0
                ? files.Select(f => (f, (string?)null))
                : [(full, $"{path}: expected a declaration file or a folder of *.json; the folder has none")];
        }

        return File.Exists(full)
            ? [(full, null)]
            : [(full, $"{path}: expected a declaration file or a folder of *.json; there is no such file")];
    }

    /// <summary>A bodyFile is relative to its declaration's folder, where k6 reads it.</summary>
    private static IEnumerable<string> MissingBodyFiles(Experiment experiment, string declaration)
    {
        var folder = Path.GetDirectoryName(declaration)!;
        var named = experiment.Variants.Select((v, i) => ($"$.variants[{i}].bodyFile", v.BodyFile))
            .Prepend(("$.bodyFile", experiment.BodyFile));
        foreach (var (path, file) in named)
        {
            if (file is not null && !File.Exists(Path.Combine(folder, file)))
            {
                yield return $"{Shown(declaration)}: {path}: expected a file beside the declaration; "
                    + $"there is no {Shown(Path.Combine(folder, file))}";
            }
        }
    }

    private static string Shown(string path)
    {
        var relative = Path.GetRelativePath(Environment.CurrentDirectory, path);
        return relative.StartsWith("..", StringComparison.Ordinal) ? path : relative;
    }
}
