using System.CommandLine;
using AsyncCapacity.Cli.Commands;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Lab.Sweep;

namespace AsyncCapacity.Tests.Cli;

/// <summary>`capacity sweep` as typed: options parsed into their types, defaults from the declarations,
/// refusals that say what to type.</summary>
public sealed class SweepCommandTests
{
    private static (ParseResult Parse, Func<ParseResult, SweepRequest> Request) Parse(params string[] arguments)
    {
        var (command, request) = SweepCommand.Build();
        return (new RootCommand { command }.Parse(["sweep", .. arguments]), request);
    }

    private static SweepRequest Request(params string[] arguments)
    {
        var (parse, request) = Parse(arguments);
        Assert.Empty(parse.Errors);
        return request(parse);
    }

    /// <summary>As the sweep plans it, on a machine whose open files do not bind.</summary>
    private static RunPlan Plan(SweepRequest request) => ExperimentPlans.Of(request, openFiles: null);

    [Fact]
    public void Defaults_come_from_the_profile_and_each_experiments_declaration()
    {
        // Act
        var request = Request("--profile", "quick", "-e", "sleep");

        // Assert
        var sleep = Assert.Single(Plan(request).Experiments);
        Assert.Equal([1, 10, 100, 1000], sleep.Steps);
        Assert.Equal(2, request.WarmupSeconds);
        Assert.Equal(4, request.StepSeconds);
        Assert.Equal(0, request.CooldownSeconds);
        Assert.Null(request.Target);
        Assert.Equal(new Sla(1000, 0.01), sleep.Sla);
        Assert.Equal("500", request.Parameters["sleep"]["ms"]);
        Assert.Equal(new DatabaseSettings("PostgreSQL", null, 100), request.Database);
        Assert.True(request.Search);
        Assert.True(request.Stacks);
        Assert.Equal(14, sleep.MaxProbes);
        Assert.True(request.WorstCaseDuration(Plan(request)) < TimeSpan.FromMinutes(5),
            $"the quick sleep sweep must end within 5 minutes at worst: {request.WorstCaseDuration(Plan(request))}");
    }

    [Fact]
    public void Without_experiments_named_the_sweep_runs_every_declared_one_in_declared_order()
    {
        // Act
        var request = Request();

        // Assert
        Assert.Equal(ExperimentCatalog.All.Select(e => e.Id), request.Experiments.Select(e => e.Id));
        Assert.Equal("50", request.Parameters["db"]["ms"]);
        Assert.Equal("small.html", request.Parameters["content"]["name"]);
    }

    [Fact]
    public void A_target_gets_a_cool_down_longer_than_the_idle_thread_timeout()
    {
        // Act
        var request = Request("--target", "http://127.0.0.1:5080");

        // Assert
        Assert.Equal(new Uri("http://127.0.0.1:5080"), request.Target);
        Assert.True(request.CooldownSeconds > 20, $"{request.CooldownSeconds} s");
    }

    [Fact]
    public void SLA_steps_and_parameters_can_be_set_for_all_experiments_and_for_one()
    {
        // Act
        var request = Request("-e", "sleep,db", "--sla-p95", "800", "--sla-p95", "sleep=600", "--sla-errors", "2",
            "--set", "sleep.ms=200", "--steps", "50,1,10,10", "--steps", "db=5");

        // Assert
        var (sleep, db) = (Plan(request).Of("sleep"), Plan(request).Of("db"));
        Assert.Equal(new Sla(600, 0.02), sleep.Sla);
        Assert.Equal(new Sla(800, 0.02), db.Sla);
        Assert.Equal(sleep.Sla, sleep.Terms.Sla);
        Assert.Equal("200", sleep.Parameters["ms"]);
        Assert.Equal("50", db.Parameters["ms"]);
        Assert.Equal([1, 10, 50], sleep.Steps);
        Assert.Equal([5], db.Steps);
        Assert.True(request.Customised);
    }

    [Fact]
    public void The_probe_budget_can_be_set_for_all_experiments_and_for_one_and_reaches_the_search()
    {
        // Act
        var request = Request("-e", "sleep,db,audit", "--probes", "6", "--probes", "sleep=16");
        var untouched = Request("-e", "sleep,connections");

        // Assert: the search's budget, and what results.json records of it
        var (plan, defaults) = (Plan(request), Plan(untouched));
        Assert.Equal(16, plan.Of("sleep").Search.MaxSearchProbes);
        Assert.Equal(6, plan.Of("db").Search.MaxSearchProbes);
        Assert.Equal(6, plan.Of("audit").Search.MaxSearchProbes);
        var recorded = plan.Of("sleep").Recorded;
        Assert.Equal([1, 10, 100, 1000], recorded.Steps);
        Assert.Equal((16, 20), (recorded.SearchProbes, recorded.MaxProbes));
        Assert.Null(Plan(Request("-e", "sleep", "--search", "off")).Of("sleep").Recorded.SearchProbes);
        Assert.True(request.Customised);
        Assert.Equal(SearchPolicy.DefaultSearchProbes, defaults.Of("sleep").Search.MaxSearchProbes);
        Assert.False(untouched.Customised);
        Assert.Equal(10_000, defaults.Of("connections").Search.Headline);
        Assert.Null(defaults.Of("sleep").Search.Headline);
    }

    [Fact]
    public void The_request_queue_limit_turns_the_queue_on_with_its_default_concurrency_and_plots_it()
    {
        // Act
        var request = Request("-e", "audit", "--request-queue-limit", "100");

        // Assert
        Assert.Equal(new AsyncCapacity.Lab.Results.RequestQueueSettings(20, 100), request.RequestQueue);
        Assert.Contains("request-queue", Plan(request).Of("audit").Declaration.Gauges!);
        Assert.Null(Request("-e", "audit").RequestQueue);
    }

    [Fact]
    public void The_terms_of_an_experiment_the_sweep_plotted_carry_each_gauge_column_once()
    {
        // Arrange: the plan plots each experiment once, and its terms read that declaration
        var request = Request("-e", "audit", "--request-queue-limit", "100");

        // Act
        var terms = Plan(request).Of("audit").Terms;

        // Assert: a column twice would stop the step's analysis (a dictionary by column id)
        var columns = terms.Gauges.SelectMany(g => g.Columns).Select(c => c.Id).ToList();
        Assert.Contains("queue.maxWaiting", columns);
        Assert.Equal(columns.Distinct(), columns);
    }

    public static TheoryData<string, string[]> Refusals => new()
    {
        { "Argument 'huge' not recognized. Must be one of:", ["--profile", "huge"] },
        { "Unknown experiment 'nap'. Available: sleep", ["-e", "sleep,nap"] },
        { "--target must be an http(s) URL such as http://127.0.0.1:5080; got '127.0.0.1:5080'.", ["--target", "127.0.0.1:5080"] },
        { "--target must be an http(s) URL such as http://127.0.0.1:5080; got 'ftp://x'.", ["--target", "ftp://x"] },
        { "--steps takes a comma-separated list of concurrencies from 1 to 20000", ["--steps", "1,x"] },
        { "got '0'", ["--steps", "0"] },
        { "got '99999'", ["--steps", "99999"] },
        { "--sla-p95 takes a latency in ms above 0, or EXPERIMENT=a latency in ms above 0; got '-3'", ["--sla-p95", "-3"] },
        { "--sla-p95 nap=300: 'nap' is not a declared experiment", ["--sla-p95", "nap=300"] },
        { "--sla-p95: 'db' is not an experiment of this sweep (sleep).", ["-e", "sleep", "--sla-p95", "db=300"] },
        { "--sla-errors takes a percentage from 0 to 100", ["--sla-errors", "150"] },
        { "--probes takes a number of probes from 1 to 50, or EXPERIMENT=a number of probes from 1 to 50; got '0'",
            ["--probes", "0"] },
        { "got 'sleep=51'", ["--probes", "sleep=51"] },
        { "--probes: 'db' is not an experiment of this sweep (sleep).", ["-e", "sleep", "--probes", "db=1"] },
        { "with --search off there is no search, only the steps", ["--probes", "8", "--search", "off"] },
        { "Argument 'grid' not recognized", ["--search", "grid"] },
        { "--set takes EXPERIMENT.PARAMETER=VALUE; got 'sleep.delay=3'. Known: sleep.ms (0..10000, default 500)",
            ["--set", "sleep.delay=3"] },
        { "--set sleep.ms=99999: 'ms' must be a whole number from 0 to 10000; got '99999'.", ["--set", "sleep.ms=99999"] },
        { "--set content.name=x.bin: 'name' must be one of small.html, medium.json, large.bin; got 'x.bin'.",
            ["--set", "content.name=x.bin"] },
        { "--min-threads must be between 0 and 32767; got -1.", ["--min-threads", "-1"] },
        { "set ThreadPool__MinWorkerThreads on your app instead", ["--min-threads", "100", "--target", "http://127.0.0.1:1"] },
        { "--step-seconds must be at least 1 seconds; got 0.5.", ["--step-seconds", "0.5"] },
        { "--db-provider SqlServer needs --db-connection-string", ["--db-provider", "SqlServer"] },
        { "Argument 'Oracle' not recognized", ["--db-provider", "Oracle"] },
        { "--db-pool-size must be between 1 and 1000; got 0.", ["--db-pool-size", "0"] },
        { "configure your app's Database__* settings instead", ["--target", "http://127.0.0.1:1", "--db-pool-size", "5"] },
        { "set RequestQueue__MaxConcurrent and RequestQueue__Limit on your app instead",
            ["--target", "http://127.0.0.1:1", "--request-queue-limit", "5"] },
        { "--request-queue-concurrency needs --request-queue-limit", ["--request-queue-concurrency", "5"] },
        { "--baseline starts the app and bench/MinimalApp itself, side by side; "
            + "with --target, measure your app's overhead with bench/overhead.sh instead.",
            ["--baseline", "--target", "http://127.0.0.1:1"] },
        { "--request-queue-limit must be between 0 and 1000000; got -1.", ["--request-queue-limit", "-1"] },
        { "--model takes closed or open; got 'half-open'.", ["--model", "half-open"] },
        { "--app-setting takes Section__Key=value, the app's environment variable, e.g. Audit__BoundedWriters=25; got 'writers=25'.",
            ["--app-setting", "writers=25"] },
        { "got 'Audit__BoundedWriters='", ["--app-setting", "Audit__BoundedWriters="] },
        { "--app-setting Database__MaxPoolSize: the sweep sets this one itself; use the --db-* options.",
            ["--app-setting", "Database__MaxPoolSize=5"] },
        { "--app-setting ThreadPool__MinWorkerThreads: the sweep sets this one itself; use --min-threads.",
            ["--app-setting", "ThreadPool__MinWorkerThreads=5"] },
        { "--app-setting configures the app the sweep starts; "
            + "with --target, set those environment variables on your app instead.",
            ["--target", "http://127.0.0.1:1", "--app-setting", "Audit__BoundedWriters=25"] },
        { "--model open needs arrival rates for every experiment: --rates 10,50,100 for all, or --rates sleep=10,50 (none for sleep).",
            ["--model", "open", "-e", "sleep"] },
        { "(none for content)", ["--model", "open", "-e", "sleep,content", "--rates", "sleep=10"] },
        { "--rates are arrival rates for the open model: add --model open", ["--rates", "10,50"] },
        { "--steps are clients, for the closed model; the open model takes arrival rates: --rates 10,50,100.",
            ["--model", "open", "--rates", "10", "--steps", "1"] },
        { "--rates takes a comma-separated list of arrival rates from 1 to 20000 req/s", ["--model", "open", "--rates", "10,fast"] },
        { "--rates: 'db' is not an experiment of this sweep (sleep).",
            ["--model", "open", "-e", "sleep", "--rates", "10", "--rates", "db=5"] },
    };

    [Fact]
    public void App_settings_reach_the_request_the_last_one_winning_and_make_the_run_customised()
    {
        // Act
        var request = Request("-e", "audit", "--app-setting", "Audit__BoundedWriters=10",
            "--app-setting", "Audit__WriteDelayMs=20", "audit__boundedwriters=25");

        // Assert
        Assert.Equal(2, request.AppSettings.Count);
        Assert.Equal("25", request.AppSettings["Audit__BoundedWriters"]);
        Assert.Equal("20", request.AppSettings["Audit__WriteDelayMs"]);
        Assert.True(request.Customised);
        Assert.Contains("App settings: ", SweepPlan.Describe(request, Plan(request)), StringComparison.Ordinal);
    }

    [Fact]
    public void The_open_model_takes_its_steps_from_the_rates_for_all_or_one_experiment()
    {
        // Act
        var request = Request("--model", "open", "-e", "sleep,content", "--rates", "10,50", "--rates", "sleep=5,20,80");

        // Assert
        Assert.Equal(LoadModel.Open, request.Model);
        Assert.Equal("req/s", request.Model.StepUnit);
        Assert.Equal([5, 20, 80], Plan(request).Of("sleep").Steps);
        Assert.Equal([10, 50], Plan(request).Of("content").Steps);
        Assert.Contains("sleep: sync, async × 5,20,80 req/s, at most 13 probes each",
            SweepPlan.Describe(request, Plan(request)), StringComparison.Ordinal);
        Assert.Contains("Load model: open", SweepPlan.Describe(request, Plan(request)), StringComparison.Ordinal);
    }

    [Fact]
    public void Loads_stay_within_the_files_k6_and_the_app_may_open_and_the_plan_says_so()
    {
        // Arrange: C10k's headline is 10,000 clients, each a socket in k6 and one in the app
        var request = Request("-e", "connections,sleep", "--steps", "sleep=1,10,9000");

        // Act
        var (tight, ample, unknown) = (ExperimentPlans.Of(request, 5000), ExperimentPlans.Of(request, 1_048_576), Plan(request));

        // Assert: a twentieth of the limit is left to each process's own files, in whole hundreds
        Assert.Equal(4700, tight.Of("connections").Search.Ceiling);
        Assert.Equal(4700, tight.Of("connections").Search.Headline);
        Assert.Equal([1, 10, 4700], tight.Of("sleep").Steps);
        Assert.Equal(new LoadCap(4700, 5000), tight.Of("sleep").Recorded.Cap);
        Assert.Contains("Loads capped at 4,700 concurrent clients", SweepPlan.Describe(request, tight), StringComparison.Ordinal);
        Assert.Equal((20_000, 10_000, null), (ample.Of("connections").Search.Ceiling, ample.Of("connections").Search.Headline, ample.Cap));
        Assert.DoesNotContain("capped", SweepPlan.Describe(request, unknown), StringComparison.Ordinal);
        Assert.Equal(19_000, ExperimentPlans.ClientsWithin(20_000));
    }

    [Theory]
    [MemberData(nameof(Refusals))]
    public void Bad_arguments_are_refused_with_a_message_that_says_what_to_type(string expected, string[] arguments)
    {
        // Act
        var (parse, _) = Parse(arguments);

        // Assert
        Assert.Contains(parse.Errors, error => error.Message.Contains(expected, StringComparison.Ordinal));
    }

    [Fact]
    public void The_plan_counts_the_holds_given_at_one_load_each_and_the_laws_choice_at_its_budget()
    {
        // Arrange: sleep has one blocking and one awaiting variant
        var given = Request("-e", "sleep", "--profile", "quick", "--sustain", "2m", "--sustain-at", "sleep=100");
        var chosen = Request("-e", "sleep", "--profile", "quick", "--sustain", "2m");
        var none = Request("-e", "sleep", "--profile", "quick");

        // Act
        var givenHolds = given.HoldsWorstCase(Plan(given));
        var chosenHolds = chosen.HoldsWorstCase(Plan(chosen));

        // Assert: one hold of up to 2 min per variant (and its start) given; the blocking variant's budget of 3.75 horizons and four
        // starts, the awaiting one's single hold, chosen; both in the worst case and the plan's words
        Assert.Equal(2 * (120 + QuickStart), givenHolds.TotalSeconds, 3);
        Assert.Equal((3.75 * 120) + (4 * QuickStart) + 120 + QuickStart, chosenHolds.TotalSeconds, 3);
        Assert.Equal(TimeSpan.Zero, none.HoldsWorstCase(Plan(none)));
        Assert.Equal(none.WorstCaseDuration(Plan(none)) + chosenHolds, chosen.WorstCaseDuration(Plan(chosen)));
        Assert.Contains("Then capacity over time (--sustain): the loads given by --sustain-at (sleep=100), each held on a fresh app "
            + "for up to 120 s", SweepPlan.Describe(given, Plan(given)), StringComparison.Ordinal);
        Assert.DoesNotContain("--sustain", SweepPlan.Describe(none, Plan(none)), StringComparison.Ordinal);
    }

    /// <summary>A held load's fresh app: its start and the quick profile's 2 s warm-up.</summary>
    private const double QuickStart = SweepRequest.ProbeStartSeconds + 2;
}
