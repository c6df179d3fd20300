"""seed_demo on a site where a real club already has a demo club's slug (an empty database,
unlike tests/clubs/test_seed_demo.py, whose tests share one seeding)."""

from django.contrib.auth import get_user_model
from django.core.management import call_command

from clubs.models import Club, Member, Role
from demo.clubs import DEMO_PASSWORD

from ..conftest import password_ok


def test_a_real_club_with_a_demo_slug_is_left_alone(db, capsys):
    from ..factories import MemberFactory, UserFactory

    real = Club.objects.create(slug="rooi", name="Echte Rooise Club")
    anneke = UserFactory(username="anneke")
    MemberFactory(club=real, membership_number="R001", user=anneke)
    Role.objects.create(club=real, user=anneke, level=Role.Level.PLAYER)
    call_command("seed_demo")
    assert "not demo data" in capsys.readouterr().err
    assert Member.objects.filter(club=real).count() == 1
    assert password_ok("anneke", DEMO_PASSWORD) is None
    assert Role.objects.get(user=anneke).level == Role.Level.PLAYER
    assert not get_user_model().objects.filter(username="rooi-admin").exists()
    # The other demo club is still made.
    assert Member.objects.filter(club__slug="veghel").count() == 20
