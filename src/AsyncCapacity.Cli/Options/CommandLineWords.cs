using System.Text;

namespace AsyncCapacity.Cli.Options;

/// <summary>Splits `--app "dotnet MyApp.dll --urls {url}"` as a POSIX shell would split it, without a shell in between.</summary>
internal static class CommandLineWords
{
    // No shell, so the process the sweep starts is the app itself: its process id is the one the reader and stacks need.
    public static IReadOnlyList<string> Split(string command)
    {
        var words = new List<string>();
        var word = new StringBuilder();
        var inWord = false;
        char? quote = null;
        for (var i = 0; i < command.Length; i++)
        {
            var c = command[i];
            if ((quote == '\'' && c != '\'') || (quote == '"' && c != '"' && c != '\\'))
            {
                word.Append(c);
            }
            else if ((c is '\'' or '"') && (quote is null || quote == c))
            {
                quote = quote is null ? c : null;
                inWord = true;
            }
            else if (c == '\\' && i + 1 < command.Length && (quote is null || command[i + 1] is '"' or '\\'))
            {
                word.Append(command[++i]);
                inWord = true;
            }
            else if (quote is null && char.IsWhiteSpace(c))
            {
                if (inWord)
                {
                    words.Add(word.ToString());
                    word.Clear();
                    inWord = false;
                }
            }
            else
            {
                word.Append(c);
                inWord = true;
            }
        }

        if (quote is not null)
        {
            throw new FormatException($"its {quote} quote is not closed");
        }

        if (inWord)
        {
            words.Add(word.ToString());
        }

        return words.Count > 0 ? words : throw new FormatException("it is empty");
    }
}
