namespace AsyncCapacity.Web.Experiments;

public sealed record ContentListing(string Directory, IReadOnlyList<ContentItem> Files);
