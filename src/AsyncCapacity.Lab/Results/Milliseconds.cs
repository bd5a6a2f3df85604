namespace AsyncCapacity.Lab.Results;

/// <summary>results.json and k6 keep times in milliseconds, the laws work in seconds: the one conversion between them.</summary>
public static class Milliseconds
{
    public static double ToSeconds(double milliseconds) => milliseconds / 1000;

    public static double FromSeconds(double seconds) => seconds * 1000;
}
