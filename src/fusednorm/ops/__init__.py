"""Registered PyTorch ops (torch.library): kernels on CUDA and in the Triton interpreter,
the reference path on CPU otherwise; autograd and fake (meta) implementations."""
from . import rownorm  # noqa: F401  (registers fusednorm::rownorm_fwd / rownorm_bwd)
from . import groupnorm  # noqa: F401  (registers fusednorm::groupnorm_fwd / groupnorm_bwd)
from . import eager  # noqa: F401  (eager fast path switch)
