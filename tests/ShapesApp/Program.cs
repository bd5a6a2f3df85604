using Fabrikam.Shapes;

// The generic host with a Startup class, as apps written before minimal hosting still start.
Host.CreateDefaultBuilder(args)
    .ConfigureWebHostDefaults(web => web.UseStartup<Startup>())
    .Build()
    .Run();
