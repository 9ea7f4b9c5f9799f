"""Triton kernels and their launch heuristics. Nothing here checks user input: the
functional layer does that before a tensor reaches a launcher."""
import functools
import os

import torch


def interpreting() -> bool:
    """True when Triton runs @triton.jit code on the CPU (TRITON_INTERPRET=1).

    Triton reads the variable when a kernel is decorated, so it must be set before
    fusednorm is imported."""
    return os.environ.get("TRITON_INTERPRET", "0") not in ("", "0")


def use_kernels(device: torch.device) -> bool:
    """Whether tensors on `device` go to the Triton kernels (else the reference path)."""
    return device.type == "cuda" or (device.type == "cpu" and interpreting())


@functools.lru_cache(maxsize=None)
def _sm_count(index: int) -> int:
    return torch.cuda.get_device_properties(index).multi_processor_count


def sm_count(device: torch.device) -> int:
    """Streaming multiprocessors of a CUDA device; 4 for the interpreter, which runs
    programs one after another, so a small persistent grid keeps CI quick."""
    if device.type != "cuda":
        return 4
    return _sm_count(device.index if device.index is not None else torch.cuda.current_device())


# Programmatic dependent launch (PDL, sm_90 on): where one op runs several kernels in a
# row, the later ones are launched with CUDA's programmatic stream serialization, so
# their programs are dispatched while the earlier kernel finishes; each waits
# (griddepcontrol.wait, before any memory access) until that kernel has completed and
# its writes are visible. The earlier kernel asks for the early launch
# (griddepcontrol.launch_dependents) as its programs start. The first kernel of an op is
# launched as usual, so nothing of an op overlaps the work queued before it.
# FUSEDNORM_PDL=0 turns it off (A/B runs); the measurement behind the default is in
# benchmarks/NOTES.md, v0.24.
PDL = os.environ.get("FUSEDNORM_PDL", "1") != "0"


@functools.lru_cache(maxsize=None)
def _pdl_capable(index: int) -> bool:
    return torch.cuda.get_device_capability(index) >= (9, 0)


def pdl(device: torch.device) -> bool:
    """Whether launches on `device` use programmatic dependent launch (PDL above): a
    CUDA device of compute capability 9.0 or more, never the interpreter."""
    if not PDL or device.type != "cuda" or interpreting():
        return False
    return _pdl_capable(device.index if device.index is not None else torch.cuda.current_device())
