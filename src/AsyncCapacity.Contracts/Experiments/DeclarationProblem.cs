namespace AsyncCapacity.Contracts.Experiments;

public sealed record DeclarationProblem(string Path, string Expected, string? Got = null)
{
    public override string ToString() => Got is null ? $"{Path}: expected {Expected}" : $"{Path}: expected {Expected}; got {Got}";

    public static string Quoted(string? text) => text is null ? "nothing" : $"\"{UserInput.Shown(text)}\"";
}
