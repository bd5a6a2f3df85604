using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Unicode;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.Html;

namespace AsyncCapacity.Report.Compare;

/// <summary>
/// compare.html: the comparison as one self-contained page, the same facts as the terminal table, and per experiment
/// throughput and p95 by step with every run overlaid (one colour per run, blocking variants dashed). Chart.js is
/// inlined; the page loads nothing from the network.
/// </summary>
public static class CompareHtml
{
    // One colour per run, distinct for colour-blind readers (Okabe-Ito), baseline first.
    // Readable labels ("lab1 · sync") while <, > and & stay escaped, so no string can close the script element.
    private static readonly JsonSerializerOptions ChartJson = new() { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) };

    private static readonly string[] RunColors = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"];

    public static string Render(RunComparison comparison)
    {
        var html = new HtmlWriter();
        html.Raw("<!DOCTYPE html>\n")
            .Open("html", null, ("lang", "en"))
            .Open("head")
            .Raw("<meta charset=\"utf-8\">")
            .Raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
            .Element("title", null, $"AsyncCapacity comparison · {string.Join(" vs ", comparison.Runs.Select(r => r.Label))}")
            .Raw("<style>").Raw(EmbeddedAssets.Css)
            .Raw(".compare td.change{font-variant-numeric:tabular-nums}.compare .noise{color:var(--muted)}.compare .untrusted{color:var(--muted);font-style:italic}"
                + ".compare .flipped{font-weight:650}.run-swatch{display:inline-block;width:.8rem;height:.8rem;border-radius:3px;margin-right:.4rem}"
                + ".warnings li{color:var(--missed)}.chart-pair{display:grid;grid-template-columns:repeat(auto-fit,minmax(320px,1fr));gap:1rem;margin-top:1rem}")
            .Raw("</style>")
            .Close("head")
            .Open("body")
            .Open("main", "report compare");

        Header(html, comparison);
        for (var i = 0; i < comparison.Experiments.Count; i++)
        {
            Experiment(html, comparison, comparison.Experiments[i], i);
        }

        html.Close("main")
            .Open("script", null, ("type", "application/json"), ("id", "compare-charts"))
            .Raw(JsonSerializer.Serialize(Charts(comparison), ChartJson))
            .Close("script")
            .Raw("<script>").Raw(EmbeddedAssets.ChartJs).Raw("</script>")
            .Raw("<script>").Raw(DrawScript).Raw("</script>")
            .Close("body")
            .Close("html");
        return html.ToString();
    }

    private static void Header(HtmlWriter html, RunComparison comparison)
    {
        html.Open("header", "run")
            .Element("p", "eyebrow", "AsyncCapacity · comparison")
            .Element("h1", null, $"{comparison.Runs.Count} runs, the first as the baseline")
            .Open("ol", "runs");
        for (var i = 0; i < comparison.Runs.Count; i++)
        {
            var run = comparison.Runs[i];
            html.Open("li")
                .Raw($"<span class=\"run-swatch\" style=\"background:{RunColors[i % RunColors.Length]}\"></span>")
                .Element("strong", null, run.Label)
                .Text($" · {Format.Utc(run.Document.Run.StartedAt)} · {run.Document.Run.Machine} · {run.Document.Run.Settings.Model} model")
                .Close("li");
        }

        html.Close("ol").Element("h2", null, "What differs");
        if (comparison.Differences.Count == 0)
        {
            html.Element("p", null, "Nothing in the recorded settings: the same run twice, or a knob the results do not record.");
        }
        else
        {
            html.Open("dl", "facts");
            foreach (var difference in comparison.Differences)
            {
                html.Open("div").Element("dt", null, difference.Name).Element("dd", null, string.Join(" → ", difference.Values)).Close("div");
            }

            html.Close("dl");
        }

        if (comparison.Warnings.Count > 0 || comparison.OnlyInSomeRuns.Count > 0)
        {
            html.Open("ul", "warnings");
            foreach (var warning in comparison.Warnings)
            {
                html.Element("li", null, $"Not like for like. {warning}");
            }

            foreach (var only in comparison.OnlyInSomeRuns)
            {
                html.Element("li", null, $"Not compared: {only}.");
            }

            html.Close("ul");
        }

        html.Element("p", "chart-note", $"Noise: {comparison.Noise.Description}.").Close("header");
    }

    private static void Experiment(HtmlWriter html, RunComparison comparison, ExperimentComparison experiment, int index)
    {
        var open = experiment.Variants.SelectMany(v => v.Steps).SelectMany(s => s.Runs).Any(s => s.OfferedRps is not null);
        html.Open("section", "experiment")
            .Element("h2", null, $"{experiment.Name}: {experiment.Title}")
            .Open("div", "chart-pair")
            .Open("figure").Raw($"<canvas id=\"compare-{index}-rps\" height=\"260\"></canvas>").Close("figure")
            .Open("figure").Raw($"<canvas id=\"compare-{index}-p95\" height=\"260\"></canvas>").Close("figure")
            .Close("div");

        html.Open("div", "table-wrap").Open("table", "steps")
            .Open("thead").Open("tr")
            .Element("th", null, "variant")
            .Element("th", "num", open ? "offered req/s" : "clients");
        foreach (var label in comparison.Runs.Select(r => r.Label))
        {
            html.Element("th", "num", $"req/s · {label}");
        }

        foreach (var label in comparison.Runs.Select(r => r.Label))
        {
            html.Element("th", "num", $"p95 · {label}");
        }

        html.Element("th", null, "SLA").Close("tr").Close("thead").Open("tbody");
        foreach (var variant in experiment.Variants)
        {
            foreach (var step in variant.Steps)
            {
                html.Open("tr").Element("th", null, variant.Name).Element("td", "num", Format.Count(step.Concurrency));
                for (var i = 0; i < step.Runs.Count; i++)
                {
                    Cell(html, Format.Rps(step.Runs[i].Rps), i == 0 ? null : step.RpsChanges[i]);
                }

                for (var i = 0; i < step.Runs.Count; i++)
                {
                    Cell(html, step.Runs[i].P95Ms is { } p95 ? Format.Duration(p95) : "–", i == 0 ? null : step.P95Changes[i]);
                }

                html.Element("td", step.VerdictFlipped ? "sla flipped" : "sla",
                    string.Join(" → ", step.Runs.Select(r => r.MeetsSla ? "✓" : "✗")) + (step.VerdictFlipped ? " flipped" : ""));
                html.Close("tr");
            }
        }

        html.Close("tbody").Close("table").Close("div");
        html.Open("ul", "capacities");
        foreach (var variant in experiment.Variants)
        {
            html.Element("li", null, $"Capacity at SLA, {variant.Name}: "
                + string.Join(" → ", variant.Capacities.Select(c => c is null ? "none" : $"{Format.Load(c.Concurrency, open)} at {Format.Rps(c.Rps)} req/s")));
        }

        foreach (var variant in experiment.Variants)
        {
            foreach (var step in variant.Steps)
            {
                foreach (var flag in step.FlagsInOneRunOnly)
                {
                    html.Element("li", "untrusted", $"⚠ {variant.Name} at {Format.Load(step.Concurrency, open)}, flagged in some runs only: {flag}");
                }
            }
        }

        html.Close("ul").Close("section");
    }

    private static void Cell(HtmlWriter html, string value, Change? change)
    {
        var css = change?.Kind switch
        {
            ChangeKind.Noise => "num change noise",
            ChangeKind.Untrusted => "num change untrusted",
            _ => "num change",
        };
        html.Element("td", css, change is null ? value : $"{value} ({change.Text})");
    }

    /// <summary>Per experiment two charts, each a dataset per run × variant: { id, title, axis, log, datasets: [{ label, color, dashed, points }] }.</summary>
    private static List<object> Charts(RunComparison comparison)
    {
        var charts = new List<object>();
        for (var e = 0; e < comparison.Experiments.Count; e++)
        {
            var experiment = comparison.Experiments[e];
            var open = experiment.Variants.SelectMany(v => v.Steps).SelectMany(s => s.Runs).Any(s => s.OfferedRps is not null);
            var axis = open ? "offered req/s" : "concurrent clients";
            object Chart(string id, string title, bool log, Func<Results.StepResult, double?> value) => new
            {
                id,
                title,
                axis,
                log,
                datasets = comparison.Runs.SelectMany((run, r) => experiment.Variants.Select(variant => new
                {
                    label = $"{run.Label} · {variant.Name}",
                    color = RunColors[r % RunColors.Length],
                    dashed = variant.Blocking,
                    points = variant.Steps.Where(s => value(s.Runs[r]) is not null).Select(s => new[] { s.Concurrency, value(s.Runs[r])!.Value }),
                })),
            };
            charts.Add(Chart($"compare-{e}-rps", $"Throughput vs {axis} (req/s)", false, s => s.Rps));
            charts.Add(Chart($"compare-{e}-p95", $"p95 latency vs {axis} (ms, log scale)", true, s => s.P95Ms > 0 ? s.P95Ms : null));
        }

        return charts;
    }

    // Draws what the model says, nothing more: the numbers and their formatting are decided in C#.
    private const string DrawScript = """
        (function () {
          var charts = JSON.parse(document.getElementById('compare-charts').textContent);
          charts.forEach(function (c) {
            var canvas = document.getElementById(c.id);
            if (!canvas || typeof Chart === 'undefined') return;
            new Chart(canvas, {
              type: 'line',
              data: { datasets: c.datasets.map(function (d) {
                return { label: d.label, borderColor: d.color, backgroundColor: d.color, borderDash: d.dashed ? [6, 4] : [],
                         data: d.points.map(function (p) { return { x: p[0], y: p[1] }; }), tension: 0, pointRadius: 3 };
              }) },
              options: { animation: false, parsing: false, plugins: { title: { display: true, text: c.title } },
                         scales: { x: { type: 'linear', title: { display: true, text: c.axis } },
                                   y: { type: c.log ? 'logarithmic' : 'linear', beginAtZero: !c.log } } }
            });
          });
        })();
        """;
}
