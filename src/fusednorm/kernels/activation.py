"""Activations fused after a normalization's affine transform (GroupNorm, InstanceNorm
and the GroupNorm rows path of the row-norm forward): act(z) and act'(z) in fp32,
selected by the constexpr ACTIVATION."""
import os

import triton
import triton.language as tl

from . import interpreting

# The public names and their constexpr codes.
ACTIVATIONS = {None: 0, "silu": 1, "gelu": 2, "gelu_tanh": 3}

# On the GPU the sigmoid (silu, gelu_tanh) is four PTX instructions, two of them in the
# special-function unit: 1 / (1 + 2^(-z log2 e)) with ex2.approx.ftz and rcp.approx.ftz
# (relative error about 2^-21, far under the bf16 / fp32 tolerances). tl.sigmoid's exp and
# IEEE-range division take more, and the fused activation made GroupNorm's rows-path
# backward instruction-bound (v0.15 call 5, diag_act.py, GPU time: 3-D InstanceNorm
# backward 73.4% of copy without an activation, 45.7% with silu). The interpreter runs no
# inline assembly; FUSEDNORM_FAST_SIGMOID=0 keeps tl.sigmoid (A/B runs).
FAST_SIGMOID = tl.constexpr(os.environ.get("FUSEDNORM_FAST_SIGMOID", "1") != "0"
                            and not interpreting())


@triton.jit
def _sigmoid(z):
    """1 / (1 + exp(-z)) in fp32."""
    if FAST_SIGMOID:
        s = tl.inline_asm_elementwise(
            asm="""{
            .reg .f32 t;
            mul.ftz.f32 t, $1, 0fBFB8AA3B;
            ex2.approx.ftz.f32 t, t;
            add.ftz.f32 t, t, 0f3F800000;
            rcp.approx.ftz.f32 $0, t;
            }""",
            constraints="=f,f", args=[z], dtype=tl.float32, is_pure=True, pack=1)
    else:
        s = tl.sigmoid(z)
    return s


@triton.jit
def _tanh(u):
    return 2.0 * _sigmoid(2.0 * u) - 1.0


@triton.jit
def _activation(z, ACTIVATION: tl.constexpr):
    """act(z): silu z * sigmoid(z); gelu 0.5 z (1 + erf(z / sqrt 2)); gelu_tanh
    0.5 z (1 + tanh(sqrt(2 / pi) (z + 0.044715 z^3)))."""
    if ACTIVATION == 1:
        y = z * _sigmoid(z)
    elif ACTIVATION == 2:
        y = 0.5 * z * (1.0 + tl.erf(z * 0.7071067811865476))
    elif ACTIVATION == 3:
        y = 0.5 * z * (1.0 + _tanh(0.7978845608028654 * (z + 0.044715 * z * z * z)))
    else:
        y = z
    return y


@triton.jit
def _activation_grad(z, ACTIVATION: tl.constexpr):
    """act'(z); only called with an activation."""
    if ACTIVATION == 1:
        s = _sigmoid(z)
        g = s * (1.0 + z * (1.0 - s))
    elif ACTIVATION == 2:
        g = (0.5 * (1.0 + tl.erf(z * 0.7071067811865476))
             + z * tl.exp(-0.5 * z * z) * 0.3989422804014327)
    else:
        t = _tanh(0.7978845608028654 * (z + 0.044715 * z * z * z))
        dt = (1.0 - t * t) * 0.7978845608028654 * (1.0 + 0.134145 * z * z)
        g = 0.5 * (1.0 + t) + 0.5 * z * dt
    return g
