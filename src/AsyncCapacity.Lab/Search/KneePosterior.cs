namespace AsyncCapacity.Lab.Search;

/// <summary>The knee's posterior from every judged probe, on a grid of (ln θ, s, σ) as psignifit fits thresholds (Schütt et al.,
/// Vision Research 122, 2016); margins within the band count as a censored regression (Tobin 1958).</summary>
internal sealed class KneePosterior
{
    /// <summary>A launch that lands anywhere whatever the load (a noisy neighbour, a GC at the wrong time).</summary>
    public const double Lapse = 0.01;

    /// <summary>Far from the knee p95 stops following a line: beyond ln 1.5 a margin counts only as well below or well above.</summary>
    public static readonly double Band = Math.Log(1.5);

    /// <summary>At 1% a p95 says met or missed, not how far (sleep sync at 3 clients: 1,002 ms against 1 s in every launch).</summary>
    public static readonly double Resolution = Math.Log(1.01);

    private const int ThresholdPoints = 160;
    private const int ScalePoints = 16;
    private const int ScatterPoints = 12;

    private const double SharpestScale = 0.02, FlattestScale = 0.5;

    private const double LeastScatter = 0.002, MostScatter = 0.5;

    private readonly double[] _logThreshold;
    private readonly double[] _scale = LogSpaced(SharpestScale, FlattestScale, ScalePoints);
    private readonly double[] _scatter = LogSpaced(LeastScatter, MostScatter, ScatterPoints);
    private readonly double[,,] _logWeight;
    private double[,,]? _weights;
    private double[]? _marginal;

    private KneePosterior(double[] logThreshold)
    {
        _logThreshold = logThreshold;
        _logWeight = new double[logThreshold.Length, ScalePoints, ScatterPoints];
    }

    /// <summary>Laid twice, the second over all but a millionth of the mass, so a sharp knee in the thousands is resolved as finely
    /// as one among a handful of clients.</summary>
    public static KneePosterior Of(IReadOnlyList<KneeEvidence> probes, double lowest, double highest)
    {
        var coarse = Laid(probes, Math.Log(lowest), Math.Log(highest));
        var from = QuantileOf(coarse._logThreshold, coarse.ThresholdMarginal(), 1e-6);
        var to = QuantileOf(coarse._logThreshold, coarse.ThresholdMarginal(), 1 - 1e-6);
        var cell = coarse._logThreshold[1] - coarse._logThreshold[0];
        return Laid(probes, Math.Max(Math.Log(lowest), from - cell), Math.Min(Math.Log(highest), to + cell));
    }

    public double Quantile(double q) => Math.Exp(QuantileOf(_logThreshold, ThresholdMarginal(), q));

    public IReadOnlyList<double> LogThresholds => _logThreshold;

    public IReadOnlyList<double> ThresholdMarginal()
    {
        if (_marginal is null)
        {
            var weights = Weights();
            _marginal = new double[_logThreshold.Length];
            for (var i = 0; i < _logThreshold.Length; i++)
            {
                for (var k = 0; k < ScalePoints; k++)
                {
                    for (var j = 0; j < ScatterPoints; j++)
                    {
                        _marginal[i] += weights[i, k, j];
                    }
                }
            }
        }

        return _marginal;
    }

    /// <summary>QUEST+'s criterion (Watson, Journal of Vision 17(3), 2017): the load whose outcome teaches most about the knee.</summary>
    public double ExpectedVarianceAfter(double load)
    {
        var weights = Weights();
        var logLoad = Math.Log(load);
        double meet = 0, meanMeet = 0, squareMeet = 0, meanMiss = 0, squareMiss = 0;
        for (var i = 0; i < _logThreshold.Length; i++)
        {
            var x = _logThreshold[i];
            for (var k = 0; k < ScalePoints; k++)
            {
                var cell = 0.0;
                for (var j = 0; j < ScatterPoints; j++)
                {
                    cell += weights[i, k, j];
                }

                var p = Lapse + (1 - 2 * Lapse) * Normal.Cdf((x - logLoad) / _scale[k]);
                meet += cell * p;
                meanMeet += cell * p * x;
                squareMeet += cell * p * x * x;
                meanMiss += cell * (1 - p) * x;
                squareMiss += cell * (1 - p) * x * x;
            }
        }

        var miss = 1 - meet;
        var ifMet = meet <= 0 ? 0 : squareMeet / meet - Math.Pow(meanMeet / meet, 2);
        var ifMissed = miss <= 0 ? 0 : squareMiss / miss - Math.Pow(meanMiss / miss, 2);
        return meet * ifMet + miss * ifMissed;
    }

    internal static double QuantileOf(IReadOnlyList<double> grid, IReadOnlyList<double> mass, double q)
    {
        // Each grid point carries its mass over the cell around it: the CDF rises linearly across a cell.
        var cumulative = 0.0;
        for (var i = 0; i < grid.Count; i++)
        {
            if (cumulative + mass[i] >= q)
            {
                var half = (i + 1 < grid.Count ? grid[i + 1] - grid[i] : grid[i] - grid[i - 1]) / 2;
                var within = mass[i] <= 0 ? 0.5 : (q - cumulative) / mass[i];
                return grid[i] - half + within * 2 * half;
            }

            cumulative += mass[i];
        }

        return grid[^1];
    }

    private static KneePosterior Laid(IReadOnlyList<KneeEvidence> probes, double from, double to)
    {
        var posterior = new KneePosterior(
            [.. Enumerable.Range(0, ThresholdPoints).Select(i => from + (to - from) * i / (ThresholdPoints - 1))]);
        foreach (var probe in probes)
        {
            posterior.Observe(probe);
        }

        return posterior;
    }

    private void Observe(KneeEvidence probe)
    {
        var logLoad = Math.Log(probe.Load);
        for (var i = 0; i < _logThreshold.Length; i++)
        {
            for (var k = 0; k < ScalePoints; k++)
            {
                var t = (logLoad - _logThreshold[i]) / _scale[k];
                for (var j = 0; j < ScatterPoints; j++)
                {
                    _logWeight[i, k, j] += Math.Log(Likelihood(probe, t, _scatter[j]));
                }
            }
        }
    }

    /// <summary>Given t = (ln c − ln θ) ÷ s and σ, the margin is normal with mean t·σ and deviation σ.</summary>
    private static double Likelihood(KneeEvidence probe, double t, double scatter)
    {
        switch (probe.Margin)
        {
            case { } z when Math.Abs(z) < Resolution:
                return Verdict(probe.Meets, t);
            case { } z when Math.Abs(z) <= Band:
                // Density of the margin, against a lapse spread evenly over the band.
                return (1 - Lapse) * Normal.Density(z / scatter - t) / scatter + Lapse / (2 * Band);
            case { } z:
                var beyond = z > 0 ? 1 - Normal.Cdf(Band / scatter - t) : Normal.Cdf(-Band / scatter - t);
                return Lapse / 2 + (1 - Lapse) * beyond;
            default:
                return Verdict(probe.Meets, t);
        }
    }

    private static double Verdict(bool meets, double t)
    {
        var met = Normal.Cdf(-t);
        return Lapse + (1 - 2 * Lapse) * (meets ? met : 1 - met);
    }

    private double[,,] Weights()
    {
        if (_weights is not null)
        {
            return _weights;
        }

        var max = double.NegativeInfinity;
        foreach (var value in _logWeight)
        {
            max = Math.Max(max, value);
        }

        var weights = new double[_logThreshold.Length, ScalePoints, ScatterPoints];
        var total = 0.0;
        for (var i = 0; i < _logThreshold.Length; i++)
        {
            for (var k = 0; k < ScalePoints; k++)
            {
                for (var j = 0; j < ScatterPoints; j++)
                {
                    total += weights[i, k, j] = Math.Exp(_logWeight[i, k, j] - max);
                }
            }
        }

        for (var i = 0; i < _logThreshold.Length; i++)
        {
            for (var k = 0; k < ScalePoints; k++)
            {
                for (var j = 0; j < ScatterPoints; j++)
                {
                    weights[i, k, j] /= total;
                }
            }
        }

        return _weights = weights;
    }

    private static double[] LogSpaced(double from, double to, int points) =>
        [.. Enumerable.Range(0, points).Select(i => Math.Exp(Math.Log(from) + (Math.Log(to) - Math.Log(from)) * i / (points - 1)))];
}

/// <param name="Margin">ln(p95 ÷ the SLA's p95); null when another condition decided (errors, clients, sessions).</param>
internal readonly record struct KneeEvidence(double Load, bool Meets, double? Margin = null);
