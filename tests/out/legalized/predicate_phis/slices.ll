define dllexport void @slices(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = icmp sgt <16 x i32> %v2, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v4 = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1> %v3, i32 0)
  %v5 = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1> %v3, i32 8)
  %v6 = and <8 x i1> %v4, %v5
  %v7 = zext <8 x i1> %v5 to <8 x i32>
  %v8 = icmp eq i32 %v0, 3
  %v9 = select i1 %v8, <8 x i1> %v5, <8 x i1> %v6
  br label %bb1
bb1:
  %v10 = zext <8 x i1> %v9 to <8 x i32>
  %v11 = add <8 x i32> %v10, %v7
  call void @llvm.genx.oword.st.v8i32(i32 %arg0, i32 %v1, <8 x i32> %v11)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1>, i32)

!genx.kernels = !{!0}
!0 = !{void (i32)* @slices, !"slices", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
