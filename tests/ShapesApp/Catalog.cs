using System.Text.Json;

namespace Fabrikam.Shapes;

public sealed record Item(int Id, string Name, int Stock);

public sealed class Catalog(IReadOnlyDictionary<int, Item> items)
{
    public Item? Find(int id) => items.GetValueOrDefault(id);

    public static Catalog Load(string path) =>
        new(JsonSerializer.Deserialize<List<Item>>(File.ReadAllText(path), JsonSerializerOptions.Web)!.ToDictionary(i => i.Id));
}
