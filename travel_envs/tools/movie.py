"""Pictures of a game: one PNG, or a GIF (Pillow) or an MP4 (an ``ffmpeg`` executable, if one is installed).

Every file is written under a temporary name (``core.files``) and renamed when complete, so no half
picture or movie ever stands under the name asked for; an MP4 interrupted mid-stream leaves only its
``.tmp_`` file."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import numpy as np

from travel_envs.core.files import atomic_path, temporary_path
from travel_envs.core.game import Game, ParameterError

MP4_HELP = ("writing MP4 needs an ffmpeg executable, and none was found: install one "
            "(`apt-get install ffmpeg`, or `pip install imageio-ffmpeg`), or write a GIF with --gif OUT.gif")


def check_pictures(game: Game) -> None:
    """Refuse early (before playing) a game that cannot draw itself."""
    if "rgb_array" not in type(game).render_modes:
        raise ParameterError(f"{game.name} has no picture (render modes {list(type(game).render_modes)}); "
                             f"watch it as text, without --gif/--mp4/--png")


def save_picture(frame: np.ndarray, path: str | Path) -> Path:
    """Write one picture (an RGB ``uint8`` array, as ``render_rgb`` gives) as a PNG; returns the path."""
    from PIL import Image

    path = Path(path)
    with atomic_path(path) as tmp:
        Image.fromarray(frame).save(tmp, format="PNG")
    return path


def find_ffmpeg() -> str | None:
    """An ffmpeg executable: on the PATH, or the one the ``imageio-ffmpeg`` package ships."""
    exe = shutil.which("ffmpeg")
    if exe:
        return exe
    try:
        import imageio_ffmpeg
    except ImportError:
        return None
    try:
        return imageio_ffmpeg.get_ffmpeg_exe()
    except RuntimeError:
        return None


class Movie:
    """Collects frames and writes them to ``path`` (``.gif`` via Pillow, ``.mp4`` via ffmpeg).

    GIF frames are kept as palette images (1 byte a pixel) until the end; MP4 frames are
    streamed to ffmpeg as they come.
    """

    def __init__(self, path: str | Path, kind: str, fps: float = 2.0) -> None:
        if kind not in ("gif", "mp4"):
            raise ParameterError(f"movie kind {kind!r}; allowed: gif, mp4")
        if fps <= 0:
            raise ParameterError(f"--fps {fps} must be > 0")
        self.path, self.kind, self.fps = Path(path), kind, fps
        self.frames: list = []
        self.count = 0
        self._ffmpeg = None
        self._exe = None
        if kind == "mp4":
            self._exe = find_ffmpeg()
            if self._exe is None:
                raise ParameterError(MP4_HELP)
        if not self.path.parent.exists():
            raise FileNotFoundError(f"folder for {self.path} does not exist")

    def add(self, frame: np.ndarray) -> None:
        from PIL import Image

        self.count += 1
        if self.kind == "gif":
            self.frames.append(Image.fromarray(frame).quantize(colors=255, method=Image.Quantize.MEDIANCUT))
            return
        if self._ffmpeg is None:
            h, w = frame.shape[:2]
            self._size = (w, h)
            cmd = [self._exe, "-y", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgb24",
                   "-s", f"{w}x{h}", "-r", str(self.fps), "-i", "-", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2",
                   "-pix_fmt", "yuv420p", "-c:v", "libx264", "-f", "mp4", str(self._partial())]
            self._ffmpeg = subprocess.Popen(cmd, stdin=subprocess.PIPE)
        self._last = np.ascontiguousarray(frame, np.uint8).tobytes()
        self._ffmpeg.stdin.write(self._last)

    def close(self, hold_last: int = 3) -> Path:
        """Write the file; the last picture stays on screen ``hold_last`` frames longer."""
        if self.count == 0:
            raise ParameterError("no frame to write")
        ms = int(1000 / self.fps)
        if self.kind == "gif":
            durations = [ms] * (len(self.frames) - 1) + [ms * (1 + hold_last)]
            with atomic_path(self.path) as tmp:
                self.frames[0].save(tmp, format="GIF", save_all=True, append_images=self.frames[1:],
                                    duration=durations, loop=0, optimize=False)
            self.frames = []
            return self.path
        for _ in range(hold_last):
            self._ffmpeg.stdin.write(self._last)
        self._ffmpeg.stdin.close()
        if self._ffmpeg.wait() != 0:
            self._partial().unlink(missing_ok=True)
            raise ParameterError(f"ffmpeg could not write {self.path} (exit code {self._ffmpeg.returncode})")
        os.replace(self._partial(), self.path)
        return self.path

    def _partial(self) -> Path:
        """Where ffmpeg writes the MP4 until it is complete."""
        return temporary_path(self.path)
