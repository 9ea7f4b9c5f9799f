# v0.45 call 5 (H100): words_probe.py (new; not library code): a 16-bit LayerNorm / RMSNorm
# forward row of up to 64K held by one program as int32 words, four chunks, 8 / 16 / 32
# warps, against the library's forward (its cooperative path there), do_bench, % of a
# 256 MB copy timed the same way in the process; N 65536, 49152, 40000, bf16 and fp16.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v45c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp v45c5; }
nvidia-smi -L > $W/gpus.txt
timeout 300 python benchmarks/words_probe.py time $W/words.json > $W/words.log 2>&1; cat $W/words.log | tail -40; pack
echo SECONDS $SECONDS
