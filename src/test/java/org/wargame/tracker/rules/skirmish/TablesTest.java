package org.wargame.tracker.rules.skirmish;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.skirmish.ArmourModifiers.Armour;
import org.wargame.tracker.rules.skirmish.ArmourModifiers.BodyArmour;
import org.wargame.tracker.rules.skirmish.ArmourModifiers.Helmet;
import org.wargame.tracker.rules.skirmish.SkirmishState.RangeBand;
import org.wargame.tracker.rules.skirmish.SkirmishState.Weapon;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every table of the text, row by row. */
class TablesTest {

    @ParameterizedTest(name = "infantry hit location {0}: {1}, {2}")
    @CsvSource({"1,head,DEATH", "2,shoulders,DEATH", "3,chest,LITTER_CASE", "4,abdomen,LITTER_CASE",
            "5,upper leg,WALKING_WOUNDED", "6,lower leg,WALKING_WOUNDED"})
    void infantryTargetHitLocationsChart(int roll, String location, Wound effect) {
        HitLocationTable.Result result = HitLocationTable.read(roll, List.of(), false);
        assertThat(result.location()).isEqualTo(location);
        assertThat(result.row().effect()).isEqualTo(effect);
    }

    @Test
    void aHeadHitFromTheDirectFrontIsAFaceHit() {
        assertThat(HitLocationTable.read(1, List.of(), true).location()).isEqualTo("face");
    }

    @Test
    void sevenOrMoreIsNoEffectAndBelowOneReadsAsTheHead() {
        assertThat(HitLocationTable.read(6, List.of(new HitLocationModifier("ballistic helmet", 1)), false)
                .noEffect()).isTrue();
        HitLocationTable.Result bare = HitLocationTable.read(1, List.of(new HitLocationModifier("no helmet", -1)),
                false);
        assertThat(bare.modified()).isZero();
        assertThat(bare.row()).isEqualTo(HitLocationTable.Row.HEAD);
    }

    @ParameterizedTest(name = "{0} {1} vs {2} (shrapnel {3}, red zone {4}) = {5}")
    @CsvSource({
            "NONE,STEEL,RIFLE,false,false,0",
            "NONE,NONE,RIFLE,false,false,-1",
            "NONE,BALLISTIC,RIFLE,false,false,1",
            "HARD,STEEL,RIFLE,false,false,1",
            "HARD,BALLISTIC,RIFLE,false,false,2",
            "SOFT,STEEL,RIFLE,false,false,0",
            "SOFT,STEEL,PISTOL,false,false,1",
            "SOFT,STEEL,SUB_MACHINE_GUN,false,false,1",
            "SOFT,BALLISTIC,SUB_MACHINE_GUN,false,false,2",
            "SOFT,STEEL,TRIPOD_MG_30,false,false,0",
            "SOFT,STEEL,,true,false,1",
            "SOFT,NONE,,true,true,1",
            "NONE,STEEL,,true,true,1",
            "HARD,BALLISTIC,,true,true,3"})
    void armourModifiers(BodyArmour body, Helmet helmet, WeaponType weapon, boolean shrapnel, boolean redZone,
                         int total) {
        int sum = ArmourModifiers.of(new Armour(body, helmet), weapon, shrapnel, redZone).stream()
                .mapToInt(HitLocationModifier::value).sum();
        assertThat(sum).isEqualTo(total);
    }

    @ParameterizedTest(name = "{0}: exposed {1}")
    @CsvSource({"firing port,1", "over a high wall,1 2", "prepared foxhole,1 2", "prone in the open,1 2",
            "low wall,1 2 3", "hasty foxhole,1 2 3", "window,1 2 3", "around a corner (right),2 4 6",
            "around a corner (left),1 3 5", "kneeling in the open,1 2 3 4", "standing in the open,1 2 3 4 5 6"})
    void hardCoverOrBodyPosition(String position, String exposed) {
        BodyPosition.Row row = BodyPosition.parse(position, false);
        List<Integer> expected = Arrays.stream(exposed.split(" ")).map(Integer::parseInt).toList();
        assertThat(row.exposed()).isEqualTo(expected);
        for (int location = 1; location <= 6; location++) {
            assertThat(row.exposes(location)).isEqualTo(expected.contains(location));
        }
    }

    @Test
    void aKneelingFigureThatCrawledIsProneAndTheFirerAboveAddsOneUnlessOverheadProtection() {
        assertThat(BodyPosition.parse("kneeling in the open", true)).isEqualTo(BodyPosition.Row.PRONE_IN_THE_OPEN);
        assertThat(BodyPosition.parse("standing in the open", true)).isEqualTo(BodyPosition.Row.STANDING_IN_THE_OPEN);
        assertThat(BodyPosition.firerAbove(true, false)).extracting(HitLocationModifier::value).containsExactly(1);
        assertThat(BodyPosition.firerAbove(true, true)).isEmpty();
        assertThat(BodyPosition.firerAbove(false, false)).isEmpty();
        assertThatThrownBy(() -> BodyPosition.parse("behind a tree", false))
                .isInstanceOf(FieldRefused.class).hasMessageStartingWith("position:");
    }

    @ParameterizedTest(name = "animal {0}: {1}")
    @CsvSource({"1,head,death", "2,shoulders,'charge, close combat, die'", "3,chest,litter case",
            "4,abdomen,litter case", "5,front legs,walking wounded", "6,rear legs,walking wounded"})
    void animalHitLocation(int roll, String location, String effect) {
        AnimalHitLocationTable.Row row = AnimalHitLocationTable.read(roll);
        assertThat(row.location()).isEqualTo(location);
        assertThat(row.effectText()).isEqualTo(effect);
        assertThat(row.charges()).isEqualTo(roll == 2);
    }

    @ParameterizedTest(name = "vehicle damage {0}: {1}")
    @CsvSource({"1,crew,crew killed,false", "2,engine,'engine destroyed, vehicle cannot move',true",
            "3,engine,'engine destroyed, vehicle cannot move',true", "4,fuel,vehicle catches fire,false",
            "5,cargo,cargo or passengers destroyed,false",
            "6,suspension,'wheels destroyed, vehicle cannot move',true"})
    void vehicleDamage(int roll, String location, String result, boolean immobilised) {
        VehicleDamageTable.Row row = VehicleDamageTable.read(roll);
        assertThat(row.location()).isEqualTo(location);
        assertThat(row.result()).isEqualTo(result);
        assertThat(row.immobilised()).isEqualTo(immobilised);
    }

    @ParameterizedTest(name = "MG at tanks {0}: {1}")
    @CsvSource({"1,turret machine gun", "2,turret main gun optics", "3,hull machine gun",
            "4,hull driver's optics", "5,no effect", "6,no effect"})
    void machineFireAtTanks(int roll, String location) {
        MachineGunAtTanksTable.Row row = MachineGunAtTanksTable.read(roll);
        assertThat(row.location()).isEqualTo(location);
        assertThat(row.noEffect()).isEqualTo(roll >= 5);
    }

    @ParameterizedTest(name = "chart: {0} = {1} templates / {2}")
    @CsvSource({"shotgun,1,", "machine-pistol,1,", "sub-machine-gun,1,", "assault-rifle,1,", "automatic-rifle,1,",
            "gatling-gun-50,2,", "automatic-assault-rifle,2,", "heavy-mg-50,2,", "tripod-mg-30,3,", "bipod-mg-30,2,",
            "hand-grenade,0,40mm diameter", "grenade-launcher,0,40mm diameter",
            "flame-thrower,0,cone shaped template", "Tripod Machine Gun (.30 cal),3,"})
    void automaticExplosiveIncendiaryWeaponsChart(String type, int leaves, String area) {
        WeaponType t = WeaponType.parse(type, null, null, "type");
        assertThat(t.leafTemplates()).isEqualTo(leaves);
        assertThat(t.area()).isEqualTo(area);
        assertThat(t.hasTemplate()).isTrue();
    }

    @ParameterizedTest(name = "machine gun {0} on {1} = {2}")
    @CsvSource({".30,tripod,TRIPOD_MG_30", ".30,bipod,BIPOD_MG_30", ".30,tank,TANK_MG_30",
            ".50,tripod,HEAVY_MACHINE_GUN_50"})
    void machineGunsByCalibreAndMount(String calibre, String mount, WeaponType type) {
        assertThat(WeaponType.parse("machine-gun", calibre, mount, "w")).isEqualTo(type);
    }

    @Test
    void aFiftyOnABipodIsNotInTheText() {
        assertThatThrownBy(() -> WeaponType.parse("machine-gun", ".50", "bipod", "weapons[0]"))
                .isInstanceOf(FieldRefused.class).hasMessageContaining("weapons[0]");
    }

    private static Weapon w(WeaponType type) {
        return new Weapon(type.id(), type, List.of(new RangeBand(100, 50)), false,
                type == WeaponType.GATLING_GUN_50 ? 3 : null, false);
    }

    private static final CrewRole G = CrewRole.GUNNER;
    private static final CrewRole L = CrewRole.LOADER;
    private static final CrewRole C = CrewRole.COMMANDER;
    private static final CrewRole S = CrewRole.SPOTTER;

    @Test
    void templatesByCrewDirectFire() {
        // tripod .30: three with gunner, loader, commander; one less per dead crewman; one with just a gunner
        assertThat(TemplatesByCrew.available(w(WeaponType.TRIPOD_MG_30), List.of(G, L, C), false).leaves()).isEqualTo(3);
        assertThat(TemplatesByCrew.available(w(WeaponType.TRIPOD_MG_30), List.of(G, C), false).leaves()).isEqualTo(2);
        assertThat(TemplatesByCrew.available(w(WeaponType.TRIPOD_MG_30), List.of(G, L), false).leaves()).isEqualTo(2);
        assertThat(TemplatesByCrew.available(w(WeaponType.TRIPOD_MG_30), List.of(G), false).leaves()).isEqualTo(1);
        assertThat(TemplatesByCrew.available(w(WeaponType.TRIPOD_MG_30), List.of(L, C), false).leaves()).isZero();
        // bipod .30: two with a crew of two; one with just a gunner
        assertThat(TemplatesByCrew.available(w(WeaponType.BIPOD_MG_30), List.of(G, L), false).leaves()).isEqualTo(2);
        assertThat(TemplatesByCrew.available(w(WeaponType.BIPOD_MG_30), List.of(G), false).leaves()).isEqualTo(1);
        // tank-mounted .30: as a bipod with a crew of one
        assertThat(TemplatesByCrew.available(w(WeaponType.TANK_MG_30), List.of(G), false).leaves()).isEqualTo(2);
        // tripod .50: two; one without the loader (or without the commander)
        assertThat(TemplatesByCrew.available(w(WeaponType.HEAVY_MACHINE_GUN_50), List.of(G, L, C), false).leaves())
                .isEqualTo(2);
        assertThat(TemplatesByCrew.available(w(WeaponType.HEAVY_MACHINE_GUN_50), List.of(G, C), false).leaves())
                .isEqualTo(1);
        assertThat(TemplatesByCrew.available(w(WeaponType.HEAVY_MACHINE_GUN_50), List.of(G, L), false).leaves())
                .isEqualTo(1);
        assertThat(TemplatesByCrew.available(w(WeaponType.HEAVY_MACHINE_GUN_50), List.of(G), false).leaves())
                .isEqualTo(1);
        // Gatling gun: crew from the campaign file (3 here)
        assertThat(TemplatesByCrew.available(w(WeaponType.GATLING_GUN_50), List.of(G, L, C), false).leaves())
                .isEqualTo(2);
        assertThat(TemplatesByCrew.available(w(WeaponType.GATLING_GUN_50), List.of(G, L), false).leaves())
                .isEqualTo(1);
        // not crew-served: the chart
        assertThat(TemplatesByCrew.available(w(WeaponType.AUTOMATIC_ASSAULT_RIFLE), List.of(), false).leaves())
                .isEqualTo(2);
        assertThat(TemplatesByCrew.available(w(WeaponType.HAND_GRENADE), List.of(), false).area())
                .isEqualTo("40mm diameter");
        assertThat(TemplatesByCrew.available(w(WeaponType.RIFLE), List.of(), false).template()).isFalse();
    }

    @Test
    void indirectFireNeedsGunnerLoaderAndSpotter() {
        // reading: the three-man sentence is the rule; the commander adds the full templates
        assertThat(TemplatesByCrew.available(w(WeaponType.TRIPOD_MG_30), List.of(G, L, C, S), true).leaves())
                .isEqualTo(3);
        assertThat(TemplatesByCrew.available(w(WeaponType.TRIPOD_MG_30), List.of(G, L, S), true).leaves())
                .isEqualTo(2);
        assertThat(TemplatesByCrew.available(w(WeaponType.HEAVY_MACHINE_GUN_50), List.of(G, L, C, S), true).leaves())
                .isEqualTo(2);
        assertThat(TemplatesByCrew.available(w(WeaponType.HEAVY_MACHINE_GUN_50), List.of(G, L, S), true).leaves())
                .isEqualTo(1);
        assertThatThrownBy(() -> TemplatesByCrew.available(w(WeaponType.TRIPOD_MG_30), List.of(G, L, C), true))
                .hasMessageStartingWith(IndirectMachineGunFire.RULE).hasMessageContaining("spotter");
        assertThatThrownBy(() -> TemplatesByCrew.available(w(WeaponType.TRIPOD_MG_30), List.of(G, C, S), true))
                .hasMessageContaining("loader");
        assertThatThrownBy(() -> TemplatesByCrew.available(w(WeaponType.BIPOD_MG_30), List.of(G, L, C, S), true))
                .hasMessageContaining("only a tripod-mounted machine gun");
    }

    @Test
    void chanceToHitReadsTheWeaponsBandAndAddsScopeAndElite() {
        Weapon rifle = new Weapon("r", WeaponType.RIFLE, List.of(new RangeBand(100, 60), new RangeBand(300, 40)),
                false, null, false);
        assertThat(ChanceToHit.compute(rifle, 100, false, 0).percent()).isEqualTo(60);
        assertThat(ChanceToHit.compute(rifle, 101, false, 0).percent()).isEqualTo(40);
        assertThat(ChanceToHit.compute(rifle, 150, true, 2).percent()).isEqualTo(55);
        ChanceToHit.Computation far = ChanceToHit.compute(rifle, 301, true, 3);
        assertThat(far.outOfRange()).isTrue();
        assertThat(far.percent()).isNull();
        assertThat(ChanceToHit.compute(rifle, 50, false, 0).highestHittingD20()).isEqualTo(12);
    }

    @Test
    void theD20ReadsFivePercentAFace() {
        assertThat(ChanceToHit.hits(12, 60)).isTrue();
        assertThat(ChanceToHit.hits(13, 60)).isFalse();
        assertThat(ChanceToHit.hits(1, 4)).isFalse();
        assertThat(ChanceToHit.hits(1, 5)).isTrue();
        assertThat(ChanceToHit.hits(20, 100)).isTrue();
        assertThat(ChanceToHit.hits(12, 62)).isTrue();
        assertThat(ChanceToHit.hits(13, 64)).isFalse();
    }

    @Property
    void aD20HitsExactlyWhenItsFivePercentStepsReachThePercentage(@ForAll @IntRange(min = 1, max = 20) int d20,
                                                                  @ForAll @IntRange(min = 0, max = 120) int percent) {
        assertThat(ChanceToHit.hits(d20, percent)).isEqualTo(d20 * 5 <= percent);
        // so the chance of a hit is floor(percent / 5) faces of 20
        long faces = java.util.stream.IntStream.rangeClosed(1, 20).filter(f -> ChanceToHit.hits(f, percent)).count();
        assertThat(faces).isEqualTo(Math.min(20, percent / 5));
    }

    @Test
    void woundsNeverGetBetter() {
        assertThat(Wound.worse(null, Wound.WALKING_WOUNDED)).isEqualTo(Wound.WALKING_WOUNDED);
        assertThat(Wound.worse(Wound.LITTER_CASE, Wound.WALKING_WOUNDED)).isEqualTo(Wound.LITTER_CASE);
        assertThat(Wound.worse(Wound.WALKING_WOUNDED, Wound.DEATH)).isEqualTo(Wound.DEATH);
    }
}
