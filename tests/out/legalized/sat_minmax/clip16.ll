define dllexport void @clip16(i32 %arg0, i32 %arg1, i32 %arg2) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 1
  %v2 = call <16 x i16> @llvm.genx.oword.ld.v16i16(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <16 x i16> @llvm.genx.smax.v16i16.v16i16.v16i16(<16 x i16> %v2, <16 x i16> <i16 -1000, i16 -1000, i16 -1000, i16 -1000, i16 -1000, i16 -1000, i16 -1000, i16 -1000, i16 -1000, i16 -1000, i16 -1000, i16 -1000, i16 -1000, i16 -1000, i16 -1000, i16 -1000>)
  %v4 = call <16 x i16> @llvm.genx.smin.v16i16.v16i16.v16i16(<16 x i16> %v3, <16 x i16> <i16 1000, i16 1000, i16 1000, i16 1000, i16 1000, i16 1000, i16 1000, i16 1000, i16 1000, i16 1000, i16 1000, i16 1000, i16 1000, i16 1000, i16 1000, i16 1000>)
  call void @llvm.genx.oword.st.v16i16(i32 %arg1, i32 %v1, <16 x i16> %v4)
  %v6 = call <16 x i8> @llvm.genx.sstrunc.sat.v16i8.v16i16(<16 x i16> %v2)
  call void @llvm.genx.oword.st.v16i8(i32 %arg2, i32 %v0, <16 x i8> %v6)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i16> @llvm.genx.oword.ld.v16i16(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i16(i32, i32, <16 x i16>)
declare void @llvm.genx.oword.st.v16i8(i32, i32, <16 x i8>)
declare <16 x i16> @llvm.genx.smax.v16i16.v16i16.v16i16(<16 x i16>, <16 x i16>)
declare <16 x i16> @llvm.genx.smin.v16i16.v16i16.v16i16(<16 x i16>, <16 x i16>)
declare <16 x i8> @llvm.genx.sstrunc.sat.v16i8.v16i16(<16 x i16>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32)* @clip16, !"clip16", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 2}
!2 = !{i32 64, i32 68, i32 72}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only", !"buffer_t write_only"}
