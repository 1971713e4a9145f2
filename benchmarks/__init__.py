"""Speed benchmarks (ratios against a reference measured in the same run; never timed tests)."""
