"""The kernels compile for the H100 (sm_90a) on a machine without a GPU.

Triton 3.6's compiler once asserted (`TritonGPUOptimizeThreadLocality`) on the GroupNorm
group backward in fp32, for GroupNorm and again for InstanceNorm, where Cg = 1 is
specialized as a constant. The interpreter cannot see such failures, so this runs
benchmarks/compile_check.py's quick set in a fresh Python without the interpreter: the real
launch decisions for those shapes, each compiled through ptxas for sm_90a."""
import os
import pathlib
import subprocess
import sys

SCRIPT = pathlib.Path(__file__).resolve().parents[1] / "benchmarks" / "compile_check.py"


def test_kernels_compile_for_sm90():
    env = dict(os.environ, TRITON_INTERPRET="0")
    out = subprocess.run([sys.executable, str(SCRIPT), "quick"], capture_output=True,
                         text=True, env=env, timeout=600)
    text = out.stdout + out.stderr
    assert out.returncode == 0, text[-3000:]
    assert "0 failed to compile" in out.stdout, text[-3000:]
    # The variants that broke the compiler are among those compiled.
    assert "_groupnorm_bwd_group_kernel" in out.stdout and "'Cg': 1" in out.stdout, text[-3000:]
    # The cooperative channels_last forward as the GPU launches it (one launch, PHASE 0),
    # with its channels gathered to groups (Cg = 20).
    coop = [ln for ln in out.stdout.splitlines() if "_groupnorm_cols_coop_kernel" in ln]
    assert any("'PHASE': 0" in ln and "'GATHER': True" in ln for ln in coop), text[-3000:]
    # ... and the cooperative channels_last backward (v0.39), likewise.
    coop = [ln for ln in out.stdout.splitlines() if "_groupnorm_cols_coop_bwd_kernel" in ln]
    assert any("'PHASE': 0" in ln and "'GATHER': True" in ln for ln in coop), text[-3000:]
    # ... and both with 16 lanes for a [8, 4] group layout (C = 15, Cg = 3).
    for name in ("_groupnorm_cols_coop_kernel", "_groupnorm_cols_coop_bwd_kernel"):
        assert any(name in ln and "'CL': 16" in ln and "'CG': 4" in ln
                   for ln in out.stdout.splitlines()), (name, text[-3000:])
