export PYTHONPATH=$PWD/src
timeout -s INT 400 python -m pytest -q tests/test_groupnorm.py tests/test_nn.py tests/test_patch.py tests/test_compile.py -k "(cuda or gpu) and not (test_group_norm_4d or test_group_norm_3d_5d or test_odd_shapes or test_split_work or test_group_path_tiles or test_rows_path)" > $OUT/pytest_groups.log 2>&1; echo "rc $?" >> $OUT/pytest_groups.log
tail -n 3 $OUT/pytest_groups.log
