using System.Diagnostics.CodeAnalysis;
using Microsoft.AspNetCore.Http.HttpResults;

namespace AsyncCapacity.Web.Validation;

public static class DeclaredParameter
{
    /// <summary>
    /// Reads a declared whole-number parameter from the raw query value: missing → its default; malformed or out of
    /// bounds → a 400 ProblemDetails naming it and its bounds (framework binding would answer a bodiless 400 instead).
    /// </summary>
    public static bool TryRead(this Parameter parameter, string? raw, out int value, [NotNullWhen(false)] out ValidationProblem? problem)
    {
        problem = parameter.TryParseInteger(raw, out value, out var error) ? null : InvalidQuery.Problem(parameter.Name, error);
        return problem is null;
    }
}
