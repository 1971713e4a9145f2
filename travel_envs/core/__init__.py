"""Game contract, the generic AEC adapter, rewards and the env registry."""
