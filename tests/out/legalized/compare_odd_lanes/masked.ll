define dllexport void @masked(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <4 x i32> @llvm.genx.oword.ld.v4i32(i32 0, i32 %arg0, i32 %v0)
  %v12 = call <2 x i32> @llvm.genx.rdregioni.v2i32.v4i32.i16(<4 x i32> %v1, i32 0, i32 2, i32 1, i16 4, i32 undef)
  %v13 = icmp slt <2 x i32> %v12, <i32 0, i32 0>
  %v14 = call <3 x i1> @llvm.genx.wrpredregion.v3i1.v3i1.v2i1(<3 x i1> undef, <2 x i1> %v13, i32 0)
  %v15 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v4i32.i16(<4 x i32> %v1, i32 0, i32 1, i32 1, i16 12, i32 undef)
  %v16 = icmp slt <1 x i32> %v15, <i32 0>
  %v17 = call <3 x i1> @llvm.genx.wrpredregion.v3i1.v3i1.v1i1(<3 x i1> %v14, <1 x i1> %v16, i32 2)
  %v18 = call <2 x i32> @llvm.genx.rdregioni.v2i32.v4i32.i16(<4 x i32> %v1, i32 0, i32 2, i32 1, i16 4, i32 undef)
  %v19 = sub <2 x i32> <i32 0, i32 0>, %v18
  %v20 = call <2 x i1> @llvm.genx.rdpredregion.v2i1.v3i1(<3 x i1> %v17, i32 0)
  %v21 = call <4 x i32> @llvm.genx.wrregioni.v4i32.v2i32.i16.v2i1(<4 x i32> %v1, <2 x i32> %v19, i32 0, i32 2, i32 1, i16 0, i32 undef, <2 x i1> %v20)
  %v22 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v4i32.i16(<4 x i32> %v21, i32 0, i32 1, i32 1, i16 12, i32 undef)
  %v23 = sub <1 x i32> <i32 0>, %v22
  %v24 = call <1 x i1> @llvm.genx.rdpredregion.v1i1.v3i1(<3 x i1> %v17, i32 2)
  %v25 = call <4 x i32> @llvm.genx.wrregioni.v4i32.v1i32.i16.v1i1(<4 x i32> %v21, <1 x i32> %v23, i32 0, i32 1, i32 1, i16 8, i32 undef, <1 x i1> %v24)
  %v26 = call <2 x i1> @llvm.genx.rdpredregion.v2i1.v3i1(<3 x i1> <i1 true, i1 false, i1 true>, i32 0)
  %v27 = call <4 x i32> @llvm.genx.wrregioni.v4i32.v2i32.i16.v2i1(<4 x i32> %v25, <2 x i32> <i32 7, i32 8>, i32 0, i32 2, i32 1, i16 4, i32 undef, <2 x i1> %v26)
  %v28 = call <1 x i1> @llvm.genx.rdpredregion.v1i1.v3i1(<3 x i1> <i1 true, i1 false, i1 true>, i32 2)
  %v29 = call <4 x i32> @llvm.genx.wrregioni.v4i32.v1i32.i16.v1i1(<4 x i32> %v27, <1 x i32> <i32 9>, i32 0, i32 1, i32 1, i16 12, i32 undef, <1 x i1> %v28)
  call void @llvm.genx.oword.st.v4i32(i32 %arg1, i32 %v0, <4 x i32> %v29)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <4 x i32> @llvm.genx.oword.ld.v4i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v4i32(i32, i32, <4 x i32>)
declare <1 x i1> @llvm.genx.rdpredregion.v1i1.v3i1(<3 x i1>, i32)
declare <2 x i1> @llvm.genx.rdpredregion.v2i1.v3i1(<3 x i1>, i32)
declare <1 x i32> @llvm.genx.rdregioni.v1i32.v4i32.i16(<4 x i32>, i32, i32, i32, i16, i32)
declare <2 x i32> @llvm.genx.rdregioni.v2i32.v4i32.i16(<4 x i32>, i32, i32, i32, i16, i32)
declare <3 x i1> @llvm.genx.wrpredregion.v3i1.v3i1.v1i1(<3 x i1>, <1 x i1>, i32)
declare <3 x i1> @llvm.genx.wrpredregion.v3i1.v3i1.v2i1(<3 x i1>, <2 x i1>, i32)
declare <4 x i32> @llvm.genx.wrregioni.v4i32.v1i32.i16.v1i1(<4 x i32>, <1 x i32>, i32, i32, i32, i16, i32, <1 x i1>)
declare <4 x i32> @llvm.genx.wrregioni.v4i32.v2i32.i16.v2i1(<4 x i32>, <2 x i32>, i32, i32, i32, i16, i32, <2 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @masked, !"masked", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only"}
