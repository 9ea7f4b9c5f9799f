# v0.47, on the CPU: every kernel variant (function, signature, constexprs, warps, register
# cap) that the groups and rows suites launch on 132 SMs, written sorted to argv[1], so a
# refactor of the launch decisions can be checked to launch the same variants. Run from
# the repository root.
import sys, json
sys.path.insert(0, "benchmarks")
import compile_check as CC
from fusednorm.kernels import launch, rownorm as RK, groupnorm as GK
launch.CachedKernel.__call__ = CC._record
RK.sm_count = GK.sm_count = lambda d: 132
CC.launch_groups()
try:
    CC.launch_rows()
except Exception as e:
    print("rows", e)
print(len(CC.recorded))
open(sys.argv[1], "w").write("\n".join(sorted(repr(k) for k in CC.recorded)))
