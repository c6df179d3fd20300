"""The permission matrix lines of the print job pages (printing.views.jobs): url name ->
(kwargs builder taking the TwoClubs fixture, expected answer per visitor).

The print buttons are POST only; the job's page, status and download are for the
directors of the job's club (another club's director gets 404, as for every club page).
The download of a job that is not done yet answers 404 to those who may see it."""

from printing import jobs

from .matrix_common import DIRECTOR, ROLES, club, evening_round, evening_tournament

POST_ONLY = dict.fromkeys(ROLES, 405)
#: Who may see the job is checked first; then a job that is not done has no file.
NOT_DONE_YET = {**DIRECTOR, "director": 404, "admin": 404, "superuser": 404}


def _job(c) -> dict:
    job = jobs.print_job_create(
        tournament=c.evening.tournament, round=c.evening.round, user=c.director, base_url="x"
    )
    return {**club, "job_id": str(job.pk)}


MATRIX = {
    "printing:print-job-round": (evening_round, POST_ONLY),
    "printing:print-job-tournament": (evening_tournament, POST_ONLY),
    "printing:print-job": (_job, DIRECTOR),
    "printing:print-job-status": (_job, DIRECTOR),
    "printing:print-job-download": (_job, NOT_DONE_YET),
}
