define dllexport void @slices(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = icmp sgt <16 x i32> %v2, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v4 = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1> %v3, i32 0)
  %v5 = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1> %v3, i32 8)
  %v6 = icmp eq i32 %v0, 3
  %v7 = select i1 %v6, <8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <8 x i1> %v4
  %v8 = and <8 x i1> %v5, %v7
  br label %bb1
bb1:
  %v9 = zext <8 x i1> %v8 to <8 x i32>
  %v10 = add <8 x i32> %v9, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v11 = call <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.v8i1(<8 x i32> %v9, <8 x i32> %v10, i32 0, i32 8, i32 1, i16 0, i32 undef, <8 x i1> %v5)
  call void @llvm.genx.oword.st.v8i32(i32 %arg0, i32 %v1, <8 x i32> %v11)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1>, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.v8i1(<8 x i32>, <8 x i32>, i32, i32, i32, i16, i32, <8 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @slices, !"slices", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
