"""What the benchmark runs: the ops, the shapes of each suite, and the fewest bytes each op
must move (the numerator of every GB/s figure)."""
import math
from dataclasses import dataclass
from typing import List, Sequence, Tuple

import torch

MODES = ("fwd", "bwd", "fwd+bwd")
DTYPES = {"bf16": torch.bfloat16, "fp16": torch.float16, "fp32": torch.float32}
DTYPE_NAMES = {dtype: name for name, dtype in DTYPES.items()}


@dataclass(frozen=True)
class Op:
    name: str
    suite: str  # "rows": LayerNorm/RMSNorm over the last dim; "groups": GroupNorm/InstanceNorm
    residual: bool  # h = x + residual is computed and returned beside y
    bias: bool  # a bias beside the weight (every op here has a weight)
    eps: float

    @property
    def inputs(self) -> Tuple[str, ...]:
        """Names of the tensors a provider takes, in call order; all are differentiable."""
        return (("x",) + (("residual",) if self.residual else ()) + ("weight",)
                + (("bias",) if self.bias else ()))

    @property
    def outputs(self) -> Tuple[str, ...]:
        return ("y", "h") if self.residual else ("y",)


OPS = {op.name: op for op in (
    Op("layer_norm", "rows", residual=False, bias=True, eps=1e-5),
    Op("rms_norm", "rows", residual=False, bias=False, eps=1e-6),
    Op("add_layer_norm", "rows", residual=True, bias=True, eps=1e-5),
    Op("add_rms_norm", "rows", residual=True, bias=False, eps=1e-6),
    Op("group_norm", "groups", residual=False, bias=True, eps=1e-5),
    Op("instance_norm", "groups", residual=False, bias=True, eps=1e-5),
)}
SUITES = ("rows", "groups")


@dataclass(frozen=True)
class Case:
    """One op on one input shape and dtype. Rows ops take x of shape (M, N); group ops take
    (B, C, *spatial), NCHW or channels_last."""
    op: Op
    dtype: torch.dtype
    shape: Tuple[int, ...]
    num_groups: int = 0  # group_norm only; instance_norm normalizes each channel
    channels_last: bool = False
    kind: str = "sweep"  # "sweep": plotted against N; "inference": launch-bound, table only

    @property
    def groups(self) -> int:
        """Groups per sample: num_groups for GroupNorm, C for InstanceNorm, 1 for rows."""
        if self.op.suite == "rows":
            return 1
        return self.num_groups if self.op.name == "group_norm" else self.shape[1]

    @property
    def N(self) -> int:
        """Elements in one normalized row (rows) or group (groups)."""
        if self.op.suite == "rows":
            return self.shape[-1]
        return self.shape[1] // self.groups * math.prod(self.shape[2:])

    @property
    def numel(self) -> int:
        return math.prod(self.shape)

    @property
    def params(self) -> int:
        """Elements of the weight (and of the bias): N for rows, C for groups."""
        return self.shape[-1] if self.op.suite == "rows" else self.shape[1]

    @property
    def layout(self) -> str:
        if self.op.suite == "rows":
            return "rows"
        return "channels_last" if self.channels_last else "nchw"

    @property
    def label(self) -> str:
        text = "x".join(str(d) for d in self.shape)
        if self.op.name == "group_norm":
            text += f" G{self.num_groups}"
        if self.channels_last:
            text += " cl"
        return text


def min_bytes(mode: str, numel: int, params: int, itemsize: int, residual: bool,
              bias: bool) -> int:
    """The fewest bytes an op must move between memory and the chip, weights in x's dtype.

    forward:  read x (and residual), weight (and bias); write y (and h = x + residual).
    backward: read the normalized input (x, or h), dy (and dh, the gradient arriving on h),
              weight; write dx, dweight (and dbias). With a residual, dx is also the
              residual's gradient: one tensor, counted once.
    fwd+bwd:  the two passes, each of which must move its own bytes.
    Per-row statistics (mean, rstd) are left out: they can be recomputed."""
    fwd = numel * (2 + 2 * residual) + params * (1 + bias)
    bwd = numel * (3 + residual) + params * (2 + bias)
    elements = {"fwd": fwd, "bwd": bwd, "fwd+bwd": fwd + bwd}[mode]
    return elements * itemsize


def case_bytes(case: Case, mode: str) -> int:
    return min_bytes(mode, case.numel, case.params, case.dtype.itemsize, case.op.residual,
                     case.op.bias)


# --- rows suite: about 2^27 elements of x per case (512 MiB in fp32: far larger than any L2),
# N over powers of two plus two common hidden sizes and very long rows: 1M (the
# cooperative path's last table entries), 2M and 4M (past 8192 and 16384 x SMs on an H100:
# the long entries and the split path).
ROW_ELEMENTS = 1 << 27
ROW_N = sorted([1 << k for k in range(8, 19)] + [5120, 12288, 1 << 20, 1 << 21, 1 << 22])
ROW_N_QUICK = (1024, 8192, 65536)
# Inference shapes, where the launch cost dominates: decode (1 token, 32 tokens) and a prefill.
ROW_INFERENCE = ((1, 4096), (32, 4096), (512, 8192))

# --- groups suite: diffusion UNet / VAE activations (GroupNorm, G=32) and 3D segmentation
# volumes (InstanceNorm), each in NCHW and channels_last.
GROUP_NORM_GROUPS = 32
GROUP_NORM_SHAPES = (
    (16, 320, 64, 64), (16, 640, 32, 32), (16, 1280, 16, 16), (16, 1280, 8, 8),  # UNet
    (2, 512, 128, 128), (2, 256, 256, 256), (2, 128, 512, 512),  # VAE decoder
)
INSTANCE_NORM_SHAPES = (
    (8, 64, 64, 64, 64), (2, 32, 128, 128, 128), (8, 128, 32, 32, 32),  # 3D segmentation
    (16, 64, 128, 128),  # 2D (style transfer)
)
GROUP_NORM_SHAPES_QUICK = ((16, 320, 64, 64),)
INSTANCE_NORM_SHAPES_QUICK = ((8, 64, 32, 32, 32),)


def build_cases(ops: Sequence[Op], dtypes: Sequence[torch.dtype], quick: bool) -> List[Case]:
    """Cases in run order: op, then dtype, then shape."""
    cases = []
    for op in ops:
        for dtype in dtypes:
            if op.suite == "rows":
                for n in (ROW_N_QUICK if quick else ROW_N):
                    cases.append(Case(op, dtype, (max(1, round(ROW_ELEMENTS / n)), n)))
                cases += [Case(op, dtype, s, kind="inference") for s in ROW_INFERENCE]
                continue
            if op.name == "group_norm":
                shapes = GROUP_NORM_SHAPES_QUICK if quick else GROUP_NORM_SHAPES
                groups = GROUP_NORM_GROUPS
            else:
                shapes = INSTANCE_NORM_SHAPES_QUICK if quick else INSTANCE_NORM_SHAPES
                groups = 0
            for shape in shapes:
                for cl in (False, True):
                    cases.append(Case(op, dtype, shape, groups, channels_last=cl))
    return cases
