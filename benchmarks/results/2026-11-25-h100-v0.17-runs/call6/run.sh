# v0.17 call 6: GN_BWD_COOP fp32 with slices of 8192 / 16 warps / replay 2: GPU tests of
# GroupNorm's rows path; sweep_gn_bwd.py with the library's defaults at VAE 256 / 128;
# the bench's groups backward at the VAE shapes (fusednorm and torch, bf16 / fp32).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp c6; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
timeout -s INT 220 python -m pytest -q -p no:cacheprovider tests/test_groupnorm.py -k "cuda and (rows_path or large_gpu or 4d)" > $W/pytest_gn.log 2>&1 &
GNB_SHAPES=vae_256,vae_128 GNB_DTYPES=fp32 GNB_CONFIGS_4=default timeout -s INT 200 python benchmarks/sweep_gn_bwd.py $W/gnb.json > $W/gnb.log 2>&1
wait; tail -n 1 $W/pytest_gn.log; pack
left=$((570 - SECONDS)); timeout -s INT $left python -m fusednorm.bench --suite groups --op group_norm --shape 2x256x256x256,2x128x512x512 --mode bwd --dtype bf16,fp32 --providers fusednorm,torch --out $W/gbwd > $W/gbwd.log 2>&1; pack
grep -v "^$" $W/gnb.log | cut -c1-120; grep -h "^| 2x" $W/gbwd/summary.md; tail -n 2 $W/pytest_gn.log; echo SECONDS $SECONDS
