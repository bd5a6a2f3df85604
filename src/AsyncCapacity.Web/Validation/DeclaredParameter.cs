using System.Diagnostics.CodeAnalysis;
using Microsoft.AspNetCore.Http.HttpResults;

namespace AsyncCapacity.Web.Validation;

public static class DeclaredParameter
{
    /// <summary>Framework binding would answer a bodiless 400; this one names the parameter and its bounds.</summary>
    public static bool TryRead(this Parameter parameter, string? raw, out int value, [NotNullWhen(false)] out ValidationProblem? problem)
    {
        problem = parameter.TryParseInteger(raw, out value, out var error) ? null : InvalidQuery.Problem(parameter.Name, error);
        return problem is null;
    }
}
