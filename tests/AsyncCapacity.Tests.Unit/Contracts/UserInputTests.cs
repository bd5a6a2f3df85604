namespace AsyncCapacity.Tests.Contracts;

public sealed class UserInputTests
{
    [Theory]
    [InlineData("9223372036854775807", true, "")]
    [InlineData("+5", true, "")]
    [InlineData("9223372036854775808", false, "'to' must be a whole number from 0 to 9223372036854775807; got '9223372036854775808'.")]
    [InlineData("-1", false, "'to' must be a whole number from 0 to 9223372036854775807; got '-1'.")]
    [InlineData(" 5", false, "'to' must be a whole number from 0 to 9223372036854775807; got ' 5'.")]
    public void The_whole_number_rule_takes_the_full_range_of_a_long(string raw, bool valid, string expected)
    {
        // Act
        var ok = UserInput.TryWholeNumber("to", raw, 0, long.MaxValue, out _, out var error);

        // Assert
        Assert.Equal(valid, ok);
        Assert.Equal(expected, error ?? "");
    }

    [Fact]
    public void A_value_is_shown_back_cut_at_32_characters()
    {
        // Act
        var shown = UserInput.Shown(new string('x', 33));

        // Assert
        Assert.Equal(new string('x', 32) + "…", shown);
        Assert.Equal("short", UserInput.Shown("short"));
    }
}
