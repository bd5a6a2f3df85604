namespace AsyncCapacity.Lab.Waits;

/// <summary>Compiler-generated code read as the method it came from: "AuditEndpoints+&lt;Bounded&gt;d__2.MoveNext" becomes
/// "AuditEndpoints.Bounded"; generic arguments dropped.</summary>
public static class MethodName
{
    public static string Full(string frame)
    {
        var name = WithoutGenerics(frame);
        var dot = LastDotOutsideAngles(name);
        if (dot < 0)
        {
            return name;
        }

        if (dot > 0 && name[dot - 1] == '.')
        {
            dot--; // "Type..ctor"
        }

        var (type, method) = (name[..dot], name[(dot + 1)..]);
        var nested = type.Split('+').ToList();
        string? stateMachineOf = null;
        while (nested.Count > 1 && nested[^1].StartsWith('<'))
        {
            // "<Bounded>d__2" (async or iterator state machine), "<>c", "<>c__DisplayClass3_0" (lambdas' closures)
            stateMachineOf ??= GeneratedFrom(nested[^1]);
            nested.RemoveAt(nested.Count - 1);
        }

        method = method.StartsWith('<') ? GeneratedFrom(method) ?? method
            : method == "MoveNext" && stateMachineOf is not null ? stateMachineOf
            : method;
        return $"{string.Join('+', nested)}.{method}";
    }

    public static string TypeAndMethod(string fullName)
    {
        var dot = LastDotOutsideAngles(fullName);
        if (dot > 0 && fullName[dot - 1] == '.')
        {
            dot--; // "Type..ctor"
        }

        var typeDot = dot > 0 ? fullName.LastIndexOf('.', dot - 1) : -1;
        return typeDot >= 0 ? fullName[(typeDot + 1)..] : fullName;
    }

    public static string Namespace(string fullName)
    {
        var method = LastDotOutsideAngles(fullName);
        if (method > 0 && fullName[method - 1] == '.')
        {
            method--; // "Type..ctor"
        }

        var type = method > 0 ? LastDotOutsideAngles(fullName[..method]) : -1;
        return type > 0 ? fullName[..type] : "";
    }

    /// <summary>For a global type (top-level statements' Program) its outer type, which no other assembly's global types share.</summary>
    public static string Scope(string fullName) => Namespace(fullName) is { Length: > 0 } ns ? ns : fullName.Split('.', '+')[0];

    private static string? GeneratedFrom(string name)
    {
        var depth = 0;
        for (var i = 0; i < name.Length; i++)
        {
            depth += name[i] switch { '<' => 1, '>' => -1, _ => 0 };
            if (depth == 0)
            {
                return i > 1 ? name[1..i] : null;
            }
        }

        return null;
    }

    private static string WithoutGenerics(string frame)
    {
        var text = new System.Text.StringBuilder(frame.Length);
        var depth = 0;
        for (var i = 0; i < frame.Length; i++)
        {
            var c = frame[i];
            if (c == '[')
            {
                depth++;
            }
            else if (c == ']')
            {
                depth--;
            }
            else if (depth == 0 && c == '`')
            {
                while (i + 1 < frame.Length && char.IsAsciiDigit(frame[i + 1]))
                {
                    i++;
                }
            }
            else if (depth == 0)
            {
                text.Append(c);
            }
        }

        return text.ToString();
    }

    private static int LastDotOutsideAngles(string name)
    {
        var depth = 0;
        for (var i = name.Length - 1; i >= 0; i--)
        {
            switch (name[i])
            {
                case '>':
                    depth++;
                    break;
                case '<':
                    depth--;
                    break;
                case '.' when depth == 0:
                    return i;
                default:
                    break;
            }
        }

        return -1;
    }
}
