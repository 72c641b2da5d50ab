"""The limits of what a question may ask, each checked before any work with one clear pt-BR message."""

#: Largest number of vacancies (and of nominations) accepted; every answer stays O(log N) anyway.
MAX_VACANCIES = 10**15
