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
