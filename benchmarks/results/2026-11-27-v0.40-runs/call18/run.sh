# v0.40 call 18 (H100): the final src (bwd_config's channel-slice fallback order): the
# GroupNorm rows-path, channel-slice, channels_last path-rule and cooperative tests of
# test_groupnorm.py on the GPU.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v40c18; mkdir -p $W
pack() { tar czf $OUT/call18.tgz -C /tmp v40c18; }
nvidia-smi -L > $W/gpus.txt
timeout 200 python -m pytest -q -p no:cacheprovider tests/test_groupnorm.py \
  -k "channel_slices or rows_path or group_or_cols or cols_coop or constant" > $W/tests.log 2>&1
tail -3 $W/tests.log; pack
echo SECONDS $SECONDS
