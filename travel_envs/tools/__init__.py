"""Command-line tools around the envs: ``travel-watch``, ``travel-replay`` and ``travel-play``
(see docs/tools.md). Shared pieces: :mod:`.cli` (arguments, policies, errors), :mod:`.view`
(what a seat may see of a move) and :mod:`.movie` (GIF / MP4 writers)."""
