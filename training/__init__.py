"""Training and evaluation command-line tools (``travel-train``, ``travel-evaluate``)."""
