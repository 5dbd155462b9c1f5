import itertools

import numpy as np
import pytest


@pytest.fixture(scope="session")
def all_five_card_hands() -> np.ndarray:
    """All 2,598,960 five-card hands as a (N, 5) uint8 array."""
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
                       dtype=np.uint8, count=5 * 2_598_960)
    return flat.reshape(-1, 5)
