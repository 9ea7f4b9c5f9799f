# v0.16 call 4: GroupNorm's rows-path forward configs (sweep_gn_bwd.py with GNB_MODE=fwd,
# rownorm.GN_FWD_COOP patched); then the bench's rows suite forward at the cooperative
# shapes (N = 64K-1M, the four ops, three dtypes, fusednorm / torch / compile): w and b
# kept in L1 (FWD_EVICT).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp c4; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
GNB_MODE=fwd GNB_CONFIGS_2="default;2048/4/8;2048/8/4;4096/4/4;8192/8/2" GNB_CONFIGS_4="default;4096/8/2;2048/4/4;4096/4/4" timeout -s INT -k 5 230 python benchmarks/sweep_gn_bwd.py $W/gnf.json > $W/gnf.log 2>&1; pack
left=$((575 - SECONDS)); timeout -s INT -k 5 $left python -m fusednorm.bench --suite rows --kind sweep --n 65536,131072,262144,1048576 --mode fwd --providers fusednorm,torch,compile --out $W/rows > $W/rows.log 2>&1; pack
cut -c1-140 $W/gnf.log
tail -n 2 $W/rows.log
python - <<'PY'
from fusednorm.bench.report import worst_cells
import json
d = json.load(open("/tmp/c4/rows/results.json"))
print("\n".join(worst_cells(d["results"])))
PY
