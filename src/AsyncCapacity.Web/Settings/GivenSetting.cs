using System.Reflection;

namespace AsyncCapacity.Web.Settings;

internal sealed record GivenSetting(PropertyInfo Property, string Raw, bool Converts, object? Value);
