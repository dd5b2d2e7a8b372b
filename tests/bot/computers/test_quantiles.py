from bot.computers.quantiles import nearest_rank


def test_nearest_rank_reads_the_sorted_sample_at_each_fraction():
    ordered = [float(v) for v in range(1, 11)]  # 1 … 10
    assert nearest_rank(ordered, 0.0, 0.1, 0.5, 0.9, 0.99, 1.0) == [1.0, 2.0, 6.0, 10.0, 10.0, 10.0]


def test_nearest_rank_of_nothing_is_zeros():
    assert nearest_rank([], 0.5, 0.9) == [0.0, 0.0]
