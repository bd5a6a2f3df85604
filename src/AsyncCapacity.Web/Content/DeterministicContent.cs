using System.Globalization;
using System.Text;

namespace AsyncCapacity.Web.Content;

/// <summary>Identical on every run and machine; the binary file is a fixed-seed xorshift stream, incompressible like an image.</summary>
internal static class DeterministicContent
{
    public static byte[] Html(int size) => Fill(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>AsyncCapacity: small.html</title></head>\n"
            + "<body>\n<h1>The same page on every request</h1>\n<ul>\n",
        i => Invariant($"<li>Row {i}: from disk or from memory, byte for byte the same.</li>\n"),
        "</ul>\n</body>\n</html>\n",
        size);

    public static byte[] Json(int size) => Fill(
        "{\"items\":[\n",
        i => Invariant($"{(i == 1 ? " " : ",")}{{\"id\":{i},\"sku\":\"SKU-{i:D6}\",")
            + Invariant($"\"price\":{i * 7 % 10_000 / 100.0:0.00},\"inStock\":{(i % 3 != 0 ? "true" : "false")}}}\n"),
        "]}\n",
        size);

    public static byte[] Binary(int size)
    {
        var bytes = new byte[size];
        var state = 0x2545F491u;
        for (var i = 0; i < bytes.Length; i++)
        {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            bytes[i] = (byte)state;
        }

        return bytes;
    }

    // Rows while they fit, then spaces (whitespace is insignificant in both HTML and JSON) up to the exact size.
    private static byte[] Fill(string head, Func<int, string> row, string tail, int size)
    {
        var text = new StringBuilder(head, size);
        for (var i = 1; ; i++)
        {
            var next = row(i);
            if (text.Length + next.Length + tail.Length > size)
            {
                break;
            }

            text.Append(next);
        }

        text.Append(' ', size - text.Length - tail.Length).Append(tail);
        return Encoding.ASCII.GetBytes(text.ToString());
    }

    private static string Invariant(FormattableString value) => value.ToString(CultureInfo.InvariantCulture);
}
