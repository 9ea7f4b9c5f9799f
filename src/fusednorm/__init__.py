"""fusednorm: fused normalization kernels for PyTorch, written in Triton."""
from .functional import (add_layer_norm, add_rms_norm, group_norm, instance_norm, layer_norm,
                         rms_norm)
from . import nn
from .patch import patch, unpatch

__version__ = "0.1.0"
__all__ = ["layer_norm", "rms_norm", "add_layer_norm", "add_rms_norm", "group_norm",
           "instance_norm", "nn", "patch", "unpatch"]
