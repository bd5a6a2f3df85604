namespace AsyncCapacity.Contracts.Experiments;

/// <summary>One broken rule of a declaration: where (a JSON path), what the rule expects, and what the file holds there.</summary>
public sealed record DeclarationProblem(string Path, string Expected, string? Got = null)
{
    public override string ToString() => Got is null ? $"{Path}: expected {Expected}" : $"{Path}: expected {Expected}; got {Got}";

    /// <summary>A text as the file writes it, quoted and shortened.</summary>
    public static string Quoted(string? text) => text is null ? "nothing" : $"\"{UserInput.Shown(text)}\"";
}
