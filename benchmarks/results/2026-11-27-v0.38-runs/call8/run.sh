# v0.38 call 8 (H100): the read pass with the cooperative columns loop's masks and moments
# (diag_read.py BODY 0-2), and that kernel's steps in time with 4 and 5 stages.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v38c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp v38c8; }
nvidia-smi -L > $W/gpus.txt
timeout 200 python benchmarks/diag_read.py $W/read.json --mib 16 > $W/read.log 2>&1
cat $W/read.log; pack
for st in 4 5; do
timeout 100 python benchmarks/diag_coop_cols.py $W/diag_s$st.json --cases p512 --reps 5 --set COLS_COOP_STAGES=$st > $W/diag_s$st.log 2>&1
cat $W/diag_s$st.log; pack
done
echo SECONDS $SECONDS
