"""The self-check (python -m fusednorm check): it passes on the real ops and catches a
wrong one."""
import torch

import fusednorm
from fusednorm import check


def test_check_passes(device):
    assert check.run_checks(device, [(3, 5), (2, 300)], "test")
    assert check.run_group_checks(device, "test")


def test_check_catches_a_wrong_op(monkeypatch):
    real = fusednorm.layer_norm
    monkeypatch.setattr(fusednorm, "layer_norm", lambda x, *a, **k: real(x, *a, **k) * 1.01)
    assert not check.run_checks(torch.device("cpu"), [(3, 64)], "wrong layer_norm")
    real_gn = fusednorm.group_norm
    monkeypatch.setattr(fusednorm, "group_norm", lambda x, *a, **k: real_gn(x, *a, **k) + 0.05)
    assert not check.run_group_checks(torch.device("cpu"), "wrong group_norm")


def test_check_rejects_unknown_arguments(capsys):
    # `python -m fusednorm check --bogus` is a usage error, not a silent full check.
    assert check.main(["--bogus"]) == 2
    assert "unknown argument(s) --bogus" in capsys.readouterr().err
