"""Activations fused after a normalization's affine transform (GroupNorm, InstanceNorm
and the GroupNorm rows path of the row-norm forward): act(z) and act'(z) in fp32,
selected by the constexpr ACTIVATION."""
import triton
import triton.language as tl

# The public names and their constexpr codes.
ACTIVATIONS = {None: 0, "silu": 1, "gelu": 2, "gelu_tanh": 3}


@triton.jit
def _tanh(u):
    return 2.0 * tl.sigmoid(2.0 * u) - 1.0


@triton.jit
def _activation(z, ACTIVATION: tl.constexpr):
    """act(z): silu z * sigmoid(z); gelu 0.5 z (1 + erf(z / sqrt 2)); gelu_tanh
    0.5 z (1 + tanh(sqrt(2 / pi) (z + 0.044715 z^3)))."""
    if ACTIVATION == 1:
        y = z * tl.sigmoid(z)
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
        s = tl.sigmoid(z)
        g = s * (1.0 + z * (1.0 - s))
    elif ACTIVATION == 2:
        g = (0.5 * (1.0 + tl.erf(z * 0.7071067811865476))
             + z * tl.exp(-0.5 * z * z) * 0.3989422804014327)
    else:
        t = _tanh(0.7978845608028654 * (z + 0.044715 * z * z * z))
        dt = (1.0 - t * t) * 0.7978845608028654 * (1.0 + 0.134145 * z * z)
        g = 0.5 * (1.0 + t) + 0.5 * z * dt
    return g
