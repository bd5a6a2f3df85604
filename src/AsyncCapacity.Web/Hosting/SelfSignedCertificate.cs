using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;

namespace AsyncCapacity.Web.Hosting;

/// <summary>In memory, so wss:// needs no `dotnet dev-certs` step; clients skip verifying it: fine on loopback, nowhere else.</summary>
internal static class SelfSignedCertificate
{
    public static X509Certificate2 Create()
    {
        using var key = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        var request = new CertificateRequest("CN=AsyncCapacity loopback", key, HashAlgorithmName.SHA256);
        var names = new SubjectAlternativeNameBuilder();
        names.AddIpAddress(System.Net.IPAddress.Loopback);
        names.AddDnsName("localhost");
        request.CertificateExtensions.Add(names.Build());
        request.CertificateExtensions.Add(new X509EnhancedKeyUsageExtension([new Oid("1.3.6.1.5.5.7.3.1")], critical: false));
        var now = DateTimeOffset.UtcNow;
        using var certificate = request.CreateSelfSigned(now.AddMinutes(-5), now.AddDays(7));
        // Kestrel needs the private key in a form the platform's TLS stack can use: a PKCS#12 round trip gives it one.
        return X509CertificateLoader.LoadPkcs12(certificate.Export(X509ContentType.Pkcs12), password: null);
    }
}
