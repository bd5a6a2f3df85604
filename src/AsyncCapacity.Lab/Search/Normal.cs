namespace AsyncCapacity.Lab.Search;

/// <summary>The standard normal distribution, to the precision a posterior on a grid needs.</summary>
internal static class Normal
{
    private static readonly double Root2Pi = Math.Sqrt(2 * Math.PI);

    public static double Density(double x) => Math.Exp(-x * x / 2) / Root2Pi;

    /// <summary>Φ(x) through erfc (Numerical Recipes' erfcc, relative error below 1.2e-7 everywhere).</summary>
    public static double Cdf(double x) => 0.5 * Erfc(-x / Math.Sqrt(2));

    private static double Erfc(double x)
    {
        var z = Math.Abs(x);
        var t = 1 / (1 + 0.5 * z);
        var r = t * Math.Exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806
            + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
        return x >= 0 ? r : 2 - r;
    }
}
