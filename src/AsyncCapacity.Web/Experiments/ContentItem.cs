namespace AsyncCapacity.Web.Experiments;

public sealed record ContentItem(string Name, long SizeBytes, string ContentType);
