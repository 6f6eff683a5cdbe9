"""Reading and writing files a user names: regular files only, sizes capped, nothing half-written.

Every read of outside input (record files, card files) goes through `read_text`: it refuses
anything that is not a regular file (a directory, a FIFO, a device, a socket) before reading it,
and reads at most the cap plus one byte, so neither `/dev/zero` nor a FIFO with no writer can
hang or exhaust the process. `write_text` writes a whole file or nothing.
"""

import os
import stat

from .errors import SkirmishError, one_line


class FileRefused(SkirmishError):
    """A file that cannot be read or written as asked; the message says which file and why
    (`reason` holds the why alone, for callers that name the file their own way)."""

    def __init__(self, verb: str, name: str, reason: str):
        self.reason = one_line(reason)
        super().__init__(f"cannot {verb} {one_line(name)}: {self.reason}")


def _kind(mode: int) -> str | None:
    """What a non-regular file is, for a message (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISLNK, "a symbolic link")):
        if test(mode):
            return name
    return "not a regular file"


def read_bytes(path, limit: int) -> bytes:
    """The bytes of the regular file at `path`; FileRefused when it is not one, is unreadable,
    or holds more than `limit` bytes (at most `limit + 1` are ever read)."""
    name = one_line(os.fspath(path))
    try:
        kind = _kind(os.stat(path).st_mode)
        if kind:
            raise FileRefused("read", name, f"it is {kind}, not a regular file")
        # O_NONBLOCK: should the path have become a FIFO since the check, opening does not wait.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        try:
            kind = _kind(os.fstat(descriptor).st_mode)
            if kind:
                raise FileRefused("read", name, f"it is {kind}, not a regular file")
            chunks, size = [], 0
            while size <= limit:
                chunk = os.read(descriptor, min(1 << 20, limit + 1 - size))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
        finally:
            os.close(descriptor)
    except OSError as error:
        raise FileRefused("read", name, error.strerror or "unreadable") from None
    except ValueError:          # e.g. a NUL character in the path
        raise FileRefused("read", name, "not a valid file name") from None
    if size > limit:
        raise FileRefused("read", name, f"it is larger than {limit} bytes")
    return b"".join(chunks)


def read_text(path, limit: int) -> str:
    """The UTF-8 text of the regular file at `path` (see read_bytes); FileRefused when it is not UTF-8."""
    try:
        return read_bytes(path, limit).decode("utf-8")
    except UnicodeDecodeError:
        raise FileRefused("read", os.fspath(path), "it is not UTF-8 text") from None


def check_writable(path) -> None:
    """FileRefused unless `path` names a file that write_text may create or replace: the name is
    not empty and nothing but a regular file is there already (never a symbolic link, a FIFO, a
    directory or a device, which a rename would silently replace)."""
    raw = os.fspath(path)
    if not raw:
        raise FileRefused("write", "''", "a file name is needed")
    try:
        kind = _kind(os.lstat(raw).st_mode)
    except FileNotFoundError:
        return
    except OSError as error:
        raise FileRefused("write", raw, error.strerror or "write failed") from None
    except ValueError:
        raise FileRefused("write", raw, "not a valid file name") from None
    if kind:
        raise FileRefused("write", raw, f"it is {kind}; refusing to replace it")


def write_text(path, text: str) -> None:
    """Write all of `text` to `path` or nothing: a temporary file beside it, then a rename.

    The target is checked first (check_writable); the temporary file is removed whatever fails.
    """
    import tempfile
    check_writable(path)
    raw = os.fspath(path)
    folder, base = os.path.split(raw)
    temp = None
    try:
        handle, temp = tempfile.mkstemp(dir=folder or ".", prefix=f".{base}.", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temp, raw)
        temp = None
    except OSError as error:
        raise FileRefused("write", raw, error.strerror or "write failed") from None
    except UnicodeEncodeError:
        raise FileRefused("write", raw, "the text is not valid Unicode") from None
    except ValueError:
        raise FileRefused("write", raw, "not a valid file name") from None
    finally:
        if temp is not None:
            try:
                os.unlink(temp)
            except OSError:
                pass
